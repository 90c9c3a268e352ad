#!/bin/sh
# Regenerates the bundled Slant instances from sgt-slant (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The loop is ../sgt_instances.sh; the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GAME=slant
GEN=${SGT_SLANT:-/usr/games/sgt-slant}

# name  params#seed   (params: WxH, dX = difficulty e easy, h hard)
LIST="
slant_5x5_e    5x5de#pzc-5
slant_5x5_h    5x5dh#pzc-5h
slant_8x8_e    8x8de#pzc-8
slant_8x8_h    8x8dh#pzc-8h
slant_12x10_h  12x10dh#pzc-12
"

. ../sgt_instances.sh
