# Any index (1-based) of a maximum of the numbers.
import sys

n, *a = map(int, sys.stdin.read().split())
print(a.index(max(a)) + 1)
