#!/bin/sh
# Regenerates the bundled Rectangles instances from sgt-rect (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The loop is ../sgt_instances.sh; the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GAME=rect
GEN=${SGT_RECT:-/usr/games/sgt-rect}

# name  params#seed   (params: WxH; eF the expansion factor, larger for fewer, larger
# rectangles; Tatham's Rectangles has no difficulty levels)
LIST="
rect_5x5      5x5#pzc-5
rect_7x7      7x7#pzc-7
rect_9x9      9x9#pzc-9
rect_11x11    11x11#pzc-11
rect_15x15    15x15#pzc-15
"

. ../sgt_instances.sh
