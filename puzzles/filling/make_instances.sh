#!/bin/sh
# Regenerates the bundled Filling instances from sgt-filling (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The loop is ../sgt_instances.sh; the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GAME=filling
GEN=${SGT_FILLING:-/usr/games/sgt-filling}

# name  params#seed   (params: WxH; Filling has no difficulty levels)
LIST="
filling_4x4_a  4x4#pzc-4
filling_5x5_a  5x5#pzc-5
filling_6x6_a  6x6#pzc-6
filling_7x7_a  7x7#pzc-7
"

. ../sgt_instances.sh
