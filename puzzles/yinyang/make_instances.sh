#!/bin/sh
# Regenerates the bundled Yin-Yang instances with `pzc generate` (fixed seeds, one job):
# generate draws a colouring of the empty grid, derives every circle from it, and removes
# circles while the puzzle stays unique (at the level asked). The same pzc gives the same
# files. Run from the repository root: sh puzzles/yinyang/make_instances.sh
set -eu
DIR=puzzles/yinyang
SPEC=yinyang.pz
. puzzles/make_generated.sh
make yinyang_5x5_e --size 5x5 --difficulty easy --seed 1
make yinyang_6x6_t --size 6x6 --difficulty tricky --seed 2
make yinyang_7x7_h --size 7x7 --difficulty hard --seed 3
make yinyang_8x8_f --size 8x8 --difficulty fiendish --seed 4
make yinyang_8x8_m --size 8x8 --seed 5
