#!/bin/sh
# A CHAOS program that answers ORDER's first move in the very cell ORDER just wrote: an occupied cell.
read t
echo CHAOS
read r c n
echo "$r $c X"
