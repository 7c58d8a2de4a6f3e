# The most pairwise disjoint half-open intervals [s, e): the classic greedy by earliest end.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
intervals = sorted(((int(data[1 + 2 * i]), int(data[2 + 2 * i])) for i in range(n)), key=lambda iv: iv[1])
taken, free_from = 0, -1
for start, end in intervals:
    if start >= free_from:
        taken, free_from = taken + 1, end
print(taken)
