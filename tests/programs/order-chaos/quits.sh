#!/bin/sh
# A CHAOS program that exits after reading ORDER's first move, without answering.
read t
echo CHAOS
read r c n
exit 0
