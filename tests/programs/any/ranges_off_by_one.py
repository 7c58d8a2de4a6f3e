# Wrong on purpose: the sum of a[l..r] is prefix[r] - prefix[l - 1], not prefix[r - 1] - prefix[l - 1].
import sys

data = sys.stdin.buffer.read().split()
n, q = int(data[0]), int(data[1])
prefix = [0]
for x in data[2 : 2 + n]:
    prefix.append(prefix[-1] + int(x))
out = []
for i in range(q):
    left, right = int(data[2 + n + 2 * i]), int(data[3 + n + 2 * i])
    out.append(prefix[right - 1] - prefix[left - 1])
print("\n".join(map(str, out)))
