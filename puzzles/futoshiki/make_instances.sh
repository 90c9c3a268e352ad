#!/bin/sh
# Regenerates the bundled Futoshiki instances from sgt-unequal (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The loop is ../sgt_instances.sh; the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GAME=unequal
GEN=${SGT_UNEQUAL:-/usr/games/sgt-unequal}

# name  params#seed   (params: N then dX = difficulty t trivial, e easy, k tricky, x extreme, r recursive)
LIST="
futoshiki_4x4_t  4dt#pzc-4
futoshiki_5x5_e  5de#pzc-5
futoshiki_5x5_k  5dk#pzc-5
futoshiki_6x6_x  6dx#pzc-6
futoshiki_7x7_r  7dr#pzc-7
"

. ../sgt_instances.sh
