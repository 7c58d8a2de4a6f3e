# Wrong on purpose: searches only from vertex 1, so an odd cycle in another part of the graph is never seen.
import sys
from collections import deque

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
adjacent = [[] for _ in range(n + 1)]
for i in range(m):
    u, v = int(data[2 + 2 * i]), int(data[3 + 2 * i])
    adjacent[u].append(v)
    adjacent[v].append(u)
colour = [-1] * (n + 1)
colour[1] = 0
queue = deque([1])
ok = True
while queue and ok:
    u = queue.popleft()
    for v in adjacent[u]:
        if colour[v] == -1:
            colour[v] = 1 - colour[u]
            queue.append(v)
        elif colour[v] == colour[u]:
            ok = False
print("YES" if ok else "NO")
