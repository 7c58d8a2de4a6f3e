# Wrong on purpose: past 900 numbers it answers one too many, so only some of gen_digits.py's cases fail.
import sys

n, *a = map(int, sys.stdin.read().split())
print(sum(a) + (1 if n > 900 else 0))
