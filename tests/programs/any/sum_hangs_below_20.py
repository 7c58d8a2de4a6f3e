# A reference that hangs below 20 numbers: candidates it cannot judge. From 20 on, the sum.
import sys
import time

n, *a = map(int, sys.stdin.read().split())
if n < 20:
    time.sleep(60)
print(sum(a[:n]))
