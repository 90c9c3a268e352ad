#!/bin/sh
# Regenerates the bundled Unruly instances from sgt-unruly (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The loop is ../sgt_instances.sh; the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GAME=unruly
GEN=${SGT_UNRULY:-/usr/games/sgt-unruly}

# name  params#seed   (params: WxH, dX = difficulty t trivial, e easy, n normal)
LIST="
unruly_6x6_e    6x6de#pzc-6
unruly_8x8_t    8x8dt#pzc-8
unruly_8x8_n    8x8dn#pzc-8
unruly_10x10_n  10x10dn#pzc-10
unruly_14x14_n  14x14dn#pzc-14
"

. ../sgt_instances.sh
