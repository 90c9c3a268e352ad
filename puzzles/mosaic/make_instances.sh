#!/bin/sh
# Regenerates the bundled Mosaic instances from sgt-mosaic (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The loop is ../sgt_instances.sh; the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GAME=mosaic
GEN=${SGT_MOSAIC:-/usr/games/sgt-mosaic}

# name  params#seed   (params: WxH)
LIST="
mosaic_5x5    5x5#pzc-5
mosaic_10x10  10x10#pzc-10
mosaic_15x15  15x15#pzc-15
mosaic_25x25  25x25#pzc-25
"

. ../sgt_instances.sh
