# Wrong on purpose: takes the shortest intervals first. [0, 5), [4, 7), [6, 10): the shortest blocks both others.
import bisect
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
intervals = sorted(((int(data[1 + 2 * i]), int(data[2 + 2 * i])) for i in range(n)), key=lambda iv: iv[1] - iv[0])
chosen = []  # sorted, disjoint
for start, end in intervals:
    at = bisect.bisect_left(chosen, (start, end))
    if (at == 0 or chosen[at - 1][1] <= start) and (at == len(chosen) or end <= chosen[at][0]):
        chosen.insert(at, (start, end))
print(len(chosen))
