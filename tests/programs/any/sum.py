import sys

n, *a = map(int, sys.stdin.read().split())
print(sum(a[:n]))
