import _helpers  # noqa: F401
from choices import integer

n = integer(1, 100000)
print(n)
print(" ".join(str(integer(0, 10**9)) for _ in range(n)))
