#!/bin/sh
# Regenerates the bundled Range instances from sgt-range (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The loop is ../sgt_instances.sh; the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GAME=range
GEN=${SGT_RANGE:-/usr/games/sgt-range}

# name  params#seed   (params: WxH; Range has one level)
LIST="
range_7x7    7x7#pzc-7
range_9x6    9x6#pzc-9
range_10x10  10x10#pzc-10
range_12x12  12x12#pzc-12
range_15x15  15x15#pzc-15
"

. ../sgt_instances.sh
