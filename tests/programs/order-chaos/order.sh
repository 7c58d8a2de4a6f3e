#!/bin/sh
# An ORDER program: X into the first blank cell, row by row, reading CHAOS's answer after each move.
read t
g=0
while [ "$g" -lt "$t" ]; do
    echo ORDER
    used=" "
    for cell in 11 12 13 14 15 16 21 22 23 24 25 26 31 32 33 34 35 36 41 42 43 44 45 46 51 52 53 54 55 56 61 62 63 64 65 66; do
        case "$used" in *" $cell "*) continue ;; esac
        echo "${cell%?} ${cell#?} X"
        read r c n
        used="$used$cell $r$c "
    done
    g=$((g + 1))
done
