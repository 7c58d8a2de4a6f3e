# Wrong on purpose, in two ways: past 49 numbers it stops with an error (a non-zero exit), and below that it counts
# every odd number one too high (a wrong answer).
import sys

n, *a = map(int, sys.stdin.read().split())
if n >= 50:
    raise IndexError("the buffer holds 49 numbers")
print(sum(a) + sum(x % 2 for x in a))
