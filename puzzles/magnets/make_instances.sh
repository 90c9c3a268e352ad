#!/bin/sh
# Regenerates the bundled Magnets instances from sgt-magnets (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The loop is ../sgt_instances.sh; the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GAME=magnets
GEN=${SGT_MAGNETS:-/usr/games/sgt-magnets}

# name  params#seed   (params: WxH then dX = difficulty e easy, t tricky; S strips clues)
LIST="
magnets_6x6_e    6x6de#pzc-6
magnets_6x6_t    6x6dt#pzc-6
magnets_7x7_t    7x7dt#pzc-7
magnets_8x8_ts   8x8dtS#pzc-8
magnets_10x10_e  10x10de#pzc-10
magnets_10x10_t  10x10dt#pzc-10
magnets_10x9_ts  10x9dtS#pzc-10
"

. ../sgt_instances.sh
