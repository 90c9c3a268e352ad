#!/bin/sh
# Regenerates the bundled Flip instances from sgt-flip (Debian package sgt-puzzles
# 20230122) with fixed seeds and the crosses pattern (`c`).
# Usage: make_instances.sh [NAME...]   (default: all). The loop is ../sgt_instances.sh;
# each game ID goes to NAME.flip, the instance to NAME.pz.
set -eu
cd "$(dirname "$0")"
GAME=flip
GEN=${SGT_FLIP:-/usr/games/sgt-flip}

# name        params#seed   (params: WxH and the press pattern, c for crosses)
LIST="
flip_5x5     5x5c#pzc-5x5
flip_6x6     6x6c#pzc-6x6
flip_7x7     7x7c#pzc-7x7
flip_10x10   10x10c#pzc-10x10
flip_12x12   12x12c#pzc-12x12
flip_20x20   20x20c#pzc-20x20
"

. ../sgt_instances.sh
