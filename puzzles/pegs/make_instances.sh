#!/bin/sh
# Regenerates the bundled Pegs instances from sgt-pegs (Debian package sgt-puzzles
# 20230122) with fixed seeds: random boards (Tatham's generator plays jumps backwards
# from one peg, so every random board is solvable) and the English cross (33 holes, the
# centre empty; sgt-pegs has only the one cross, at 7x7, so its seed changes nothing).
# Usage: make_instances.sh [NAME...]   (default: all). The loop is ../sgt_instances.sh;
# each game ID goes to NAME.pegs, the instance to NAME.pz.
set -eu
cd "$(dirname "$0")"
GAME=pegs
GEN=${SGT_PEGS:-/usr/games/sgt-pegs}

# 9x9random#pzc-9 was tried first: 43 pegs, and pzc search (best or astar) stopped at
# its 2 GiB memory estimate without a solution, after 4.2 million states (16.8 million
# with packed states, README.md).
# name             params#seed   (params: WxH and the board type, random or cross)
LIST="
pegs_5x5_random   5x5random#pzc-5
pegs_6x6_random   6x6random#pzc-6
pegs_7x7_random   7x7random#pzc-7
pegs_7x7_cross    7x7cross#pzc-7
pegs_9x9_random   9x9random#pzc-1
"

. ../sgt_instances.sh
