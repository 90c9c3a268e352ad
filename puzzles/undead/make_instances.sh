#!/bin/sh
# Regenerates the bundled Undead instances from sgt-undead (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The loop is ../sgt_instances.sh; the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GAME=undead
GEN=${SGT_UNDEAD:-/usr/games/sgt-undead}

# name  params#seed   (params: WxH, dX: e easy, n normal, t tricky)
LIST="
undead_4x4_e  4x4de#pzc-1
undead_4x4_t  4x4dt#pzc-2
undead_5x5_n  5x5dn#pzc-3
undead_5x5_t  5x5dt#pzc-4
undead_7x7_n  7x7dn#pzc-5
undead_9x6_t  9x6dt#pzc-6
"

. ../sgt_instances.sh
