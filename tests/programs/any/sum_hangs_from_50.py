# Wrong on purpose, in two ways: from 50 numbers on it hangs (a time-out), below that it counts every odd number one
# too high (a wrong answer). While it hangs it has two children, one in its process group and one that left it
# (a session of its own); with GAMECHECK_TEST_PIDS set it appends its own id and theirs to that file, so that a test
# can check that none outlives the run.
import os
import subprocess
import sys
import time

n, *a = map(int, sys.stdin.read().split())
if n >= 50:
    children = [subprocess.Popen(["sleep", "60"]), subprocess.Popen(["sleep", "60"], start_new_session=True)]
    pids = os.environ.get("GAMECHECK_TEST_PIDS")
    if pids:
        with open(pids, "a") as f:
            f.write("".join(f"{pid}\n" for pid in [os.getpid()] + [c.pid for c in children]))
    time.sleep(60)
print(sum(a) + sum(x % 2 for x in a))
