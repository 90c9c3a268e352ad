#!/bin/sh
# Regenerates the bundled Sudoku X instances with `pzc generate` (fixed seeds): a
# filled grid is drawn (rows, columns, boxes and both diagonals all-different), and its
# numbers are removed while the puzzle stays unique at the level asked. The same pzc
# gives the same files.
# Run from the repository root: puzzles/sudokux/make_instances.sh
set -eu
DIR=puzzles/sudokux
SPEC=sudokux.pz
. puzzles/make_generated.sh
make sudokux_4x4_e --given box=2 --difficulty easy --seed 1
make sudokux_9x9_e --difficulty easy --seed 1
make sudokux_9x9_t --difficulty tricky --seed 2
make sudokux_9x9_h --difficulty hard --seed 3
make sudokux_9x9_f --difficulty fiendish --seed 4
