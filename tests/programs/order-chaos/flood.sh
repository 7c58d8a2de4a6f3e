#!/bin/sh
# A CHAOS program that answers ORDER's first move with an endless line.
read t
echo CHAOS
read r c n
yes 1 | tr -d '\n'
