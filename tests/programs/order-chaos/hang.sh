#!/bin/sh
# A CHAOS program that never answers ORDER's first move. The waiting is done by a child process whose id goes to
# the file named by $1, so a test can check that the grader ended the program's whole process group.
read t
echo CHAOS
read r c n
sleep 60 &
echo $! > "$1"
wait
