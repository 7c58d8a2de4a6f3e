import _helpers  # noqa: F401
from choices import integer

n = integer(1, 100000)
lines = [str(n)]
for _ in range(n):
    start = integer(0, 10**9)
    lines.append(f"{start} {start + integer(1, 10**9)}")
print("\n".join(lines))
