#!/bin/sh
# Regenerates the bundled Tapa instances with `pzc generate` (fixed seeds, one job): it
# draws a shading of the empty grid (connected, no 2x2 block), tries the clue values 0, 1,
# 2, ... 200 in every unshaded square (the first whose runs the shading has becomes the
# square's clue), and removes clues while the puzzle stays unique (at the level asked).
# The same pzc gives the same files.
# Run from the repository root: sh puzzles/tapa/make_instances.sh   (PZC=... picks the binary)
set -eu
DIR=puzzles/tapa
SPEC=tapa.pz
. puzzles/make_generated.sh
make tapa_5x5_e --size 5x5 --difficulty easy --seed 1
make tapa_6x6_t --size 6x6 --difficulty tricky --seed 2
make tapa_7x7_h --size 7x7 --difficulty hard --seed 3
make tapa_8x8_f --size 8x8 --difficulty fiendish --seed 4
make tapa_10x10_m --size 10x10 --seed 5
