#!/bin/sh
# Regenerates the bundled Tents instances from sgt-tents (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The loop is ../sgt_instances.sh; the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GAME=tents
GEN=${SGT_TENTS:-/usr/games/sgt-tents}

# name  params#seed   (params: WxH, d: e easy, t tricky)
LIST="
tents_8x8_e     8x8de#pzc-8e
tents_8x8_t     8x8dt#pzc-8t
tents_10x10_e   10x10de#pzc-10e
tents_10x10_t   10x10dt#pzc-10t
tents_15x15_t   15x15dt#pzc-15t
tents_20x20_t   20x20dt#pzc-20t
"

. ../sgt_instances.sh
