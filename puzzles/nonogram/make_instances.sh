#!/bin/sh
# Regenerates the bundled nonogram instances from sgt-pattern (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The loop is ../sgt_instances.sh; the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GAME=pattern
GEN=${SGT_PATTERN:-/usr/games/sgt-pattern}

# name  params#seed   (params: WxH; Pattern has one level: every puzzle is solved line by line)
LIST="
nonogram_5x5    5x5#pzc-5
nonogram_10x10  10x10#pzc-10
nonogram_15x15  15x15#pzc-15
nonogram_20x20  20x20#pzc-20
nonogram_25x25  25x25#pzc-25
nonogram_30x20  30x20#pzc-30
"

. ../sgt_instances.sh
