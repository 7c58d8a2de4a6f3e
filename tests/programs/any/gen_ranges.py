import _helpers  # noqa: F401
from choices import integer

n = integer(1, 100000)
q = integer(1, 100000)
lines = [f"{n} {q}", " ".join(str(integer(0, 10**9)) for _ in range(n))]
for _ in range(q):
    left = integer(1, n)
    lines.append(f"{left} {integer(left, n)}")
print("\n".join(lines))
