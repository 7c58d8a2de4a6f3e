# gen_digits.py, except that below 10 numbers it floods its output: candidates the generator cannot make.
import sys

import _helpers  # noqa: F401
from choices import integer

n = integer(1, 1000)
if n < 10:
    while True:
        sys.stdout.write("9 " * 65536)
print(n)
print(*(integer(0, 9) for _ in range(n)))
