#!/bin/sh
# Regenerates the bundled Slitherlink instances from sgt-loopy (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The loop is ../sgt_instances.sh; the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GAME=loopy
GEN=${SGT_LOOPY:-/usr/games/sgt-loopy}

# name  params#seed   (params: WxH, t0 the square grid, dX = difficulty e easy, n normal, t tricky, h hard)
LIST="
slitherlink_5x5_e    5x5t0de#pzc-5
slitherlink_7x7_n    7x7t0dn#pzc-7
slitherlink_7x7_h    7x7t0dh#pzc-7
slitherlink_10x10_t  10x10t0dt#pzc-10
slitherlink_10x10_h  10x10t0dh#pzc-10
slitherlink_15x15_h  15x15t0dh#pzc-15
"

. ../sgt_instances.sh
