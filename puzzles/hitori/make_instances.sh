#!/bin/sh
# Regenerates the bundled Hitori instances from sgt-singles (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The loop is ../sgt_instances.sh; the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GAME=singles
GEN=${SGT_SINGLES:-/usr/games/sgt-singles}

# name  params#seed   (params: WxH then dX = difficulty e easy, k tricky)
LIST="
hitori_5x5_e    5x5de#pzc-5
hitori_8x8_e    8x8de#pzc-8
hitori_8x8_k    8x8dk#pzc-8
hitori_10x10_k  10x10dk#pzc-10
hitori_12x12_k  12x12dk#pzc-12
"

. ../sgt_instances.sh
