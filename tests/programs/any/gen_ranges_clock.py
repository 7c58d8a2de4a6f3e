# Ignores the choice stream: its randomness comes from the clock, so a case cannot be made again from its choices.
import random

n = random.randint(1, 1000)
q = random.randint(1, 1000)
print(n, q)
print(*(random.randint(0, 10**9) for _ in range(n)))
for _ in range(q):
    left = random.randint(1, n)
    print(left, random.randint(left, n))
