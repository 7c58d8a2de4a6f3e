# A testlib-style checker: `max_index_checker.py input output answer`; exit 0 when the output is an index of a
# maximum of the input's numbers, 1 with a message when it is not.
import sys

with open(sys.argv[1]) as f:
    n, *a = map(int, f.read().split())
with open(sys.argv[2]) as f:
    words = f.read().split()
if len(words) != 1 or not words[0].lstrip("-").isdigit():
    print(f"expected one index, found {words[:3]}")
    sys.exit(1)
i = int(words[0])
if not 1 <= i <= n or a[i - 1] != max(a):
    print(f"{i} is not the index of a maximum")
    sys.exit(1)
