#!/bin/sh
# Regenerates the bundled Creek instances with `pzc generate` (fixed seeds, one job): it
# draws a shading, derives every corner number and removes numbers to a minimal unique set
# (at the level given). The same pzc gives the same files.
# Usage (from the repo root): puzzles/creek/make_instances.sh   (PZC=... to pick the binary)
set -eu
DIR=puzzles/creek
SPEC=creek.pz
. puzzles/make_generated.sh
# --size is the grid of points, one more than the squares
make creek_4x4_easy --size 5x5 --difficulty easy --seed 3
make creek_6x6_tricky --size 7x7 --difficulty tricky --seed 2
make creek_8x8_easy --size 9x9 --difficulty easy --seed 2
make creek_8x8_hard --size 9x9 --difficulty hard --seed 3
make creek_10x10_fiendish --size 11x11 --difficulty fiendish --seed 1
