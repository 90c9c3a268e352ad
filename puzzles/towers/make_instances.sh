#!/bin/sh
# Regenerates the bundled Towers instances from sgt-towers (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The loop is ../sgt_instances.sh; the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GAME=towers
GEN=${SGT_TOWERS:-/usr/games/sgt-towers}

# name  params#seed   (params: N = size, dX = difficulty e easy, h hard, x extreme, u unreasonable)
LIST="
towers_4x4_e  4de#pzc-4
towers_5x5_e  5de#pzc-5
towers_6x6_h  6dh#pzc-6
towers_6x6_x  6dx#pzc-6
towers_7x7_u  7du#pzc-7
"

. ../sgt_instances.sh
