#!/bin/sh
# Regenerates the bundled Keen instances from sgt-keen (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The loop is ../sgt_instances.sh; the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GAME=keen
GEN=${SGT_KEEN:-/usr/games/sgt-keen}

# name  params#seed   (params: N = size, dX = difficulty e easy, n normal, h hard, x extreme, u unreasonable)
LIST="
keen_4x4_e  4de#pzc-4
keen_5x5_n  5dn#pzc-5
keen_6x6_e  6de#pzc-6
keen_6x6_h  6dh#pzc-6
keen_6x6_x  6dx#pzc-6
keen_7x7_u  7du#pzc-7
keen_9x9_n  9dn#pzc-9
"

. ../sgt_instances.sh
