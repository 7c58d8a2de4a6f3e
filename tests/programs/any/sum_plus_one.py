# Wrong on purpose on every input: one too many.
import sys

n, *a = map(int, sys.stdin.read().split())
print(sum(a[:n]) + 1)
