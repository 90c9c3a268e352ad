#!/bin/sh
# Regenerates the bundled Dominosa instances from sgt-dominosa (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The loop is ../sgt_instances.sh; the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GAME=dominosa
GEN=${SGT_DOMINOSA:-/usr/games/sgt-dominosa}

# name  params#seed   (params: N, the largest number, then dX = difficulty t trivial, b basic, h hard, e extreme)
LIST="
dominosa_3_b    3db#pzc-3
dominosa_5_t    5dt#pzc-5
dominosa_6_b    6db#pzc-6
dominosa_6_h    6dh#pzc-6
dominosa_6_e    6de#pzc-6
dominosa_10_b   10db#pzc-10
"

. ../sgt_instances.sh
