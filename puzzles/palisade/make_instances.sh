#!/bin/sh
# Regenerates the bundled Palisade instances from sgt-palisade (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The loop is ../sgt_instances.sh; the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GAME=palisade
GEN=${SGT_PALISADE:-/usr/games/sgt-palisade}

# name  params#seed   (params: WxHnK = width, height, region size; Palisade has no difficulty levels)
LIST="
palisade_4x4n4  4x4n4#pzc-4
palisade_5x5n5  5x5n5#pzc-5
palisade_6x6n4  6x6n4#pzc-6
palisade_8x6n6  8x6n6#pzc-8
palisade_10x8n8 10x8n8#pzc-10
"

. ../sgt_instances.sh
