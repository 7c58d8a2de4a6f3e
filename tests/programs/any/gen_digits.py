import _helpers  # noqa: F401
from choices import integer

n = integer(1, 1000)
print(n)
print(*(integer(0, 9) for _ in range(n)))
