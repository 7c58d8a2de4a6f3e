import _helpers  # noqa: F401
from choices import integer

n = integer(2, 100000)
m = integer(0, 100000)
lines = [f"{n} {m}"]
for _ in range(m):
    u = integer(1, n)
    v = integer(1, n - 1)
    lines.append(f"{u} {v + 1 if v >= u else v}")
print("\n".join(lines))
