# Wrong on purpose: the last index of a maximum, counted from 0 instead of 1.
import sys

n, *a = map(int, sys.stdin.read().split())
print(n - 1 - a[::-1].index(max(a)))
