# Ignores the choice stream: a fixed seed of its own, so every case is the same one.
import random

random.seed(31)

n = random.randint(1, 1000)
q = random.randint(1, 1000)
print(n, q)
print(*(random.randint(0, 10**9) for _ in range(n)))
for _ in range(q):
    left = random.randint(1, n)
    print(left, random.randint(left, n))
