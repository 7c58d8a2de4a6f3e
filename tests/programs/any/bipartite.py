# Whether an undirected graph is bipartite: a breadth-first search from every vertex not coloured yet.
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
ok = True
for first in range(1, n + 1):
    if colour[first] != -1:
        continue
    colour[first] = 0
    queue = deque([first])
    while queue and ok:
        u = queue.popleft()
        for v in adjacent[u]:
            if colour[v] == -1:
                colour[v] = 1 - colour[u]
                queue.append(v)
            elif colour[v] == colour[u]:
                ok = False
print("YES" if ok else "NO")
