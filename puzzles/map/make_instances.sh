#!/bin/sh
# Regenerates the bundled Map instances from sgt-map (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The loop is ../sgt_instances.sh; the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GAME=map
GEN=${SGT_MAP:-/usr/games/sgt-map}

# name  params#seed   (params: WxHnN = width, height, regions; dX: e easy, n normal, h hard, u unreasonable)
LIST="
map_6x6_e    6x6n8de#pzc-1
map_8x8_n    8x8n12dn#pzc-2
map_10x10_h  10x10n20dh#pzc-3
map_12x10_u  12x10n25du#pzc-4
map_20x15_n  20x15n30dn#pzc-5
map_30x25_h  30x25n75dh#pzc-6
"

. ../sgt_instances.sh
