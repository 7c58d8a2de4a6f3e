# The same draws as draws.cpp and the test's Rust, printed, so the three helpers can be compared byte for byte.
import _helpers  # noqa: F401
from choices import Choices

c = Choices()
items = [1, 2, 3, 4, 5, 6]
out = [c.integer(1, 100000), c.integer(-5, 5), c.integer(7, 7), c.integer(0, 2**63 - 1), c.choice([10, 20, 30])]
c.shuffle(items)
out += items + [int(c.boolean()), c.integer(-(2**63), 2**63 - 1)]
print(*out)
