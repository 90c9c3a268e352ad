#!/bin/sh
# Regenerates the bundled Jigsaw Sudoku instances with `pzc generate` (fixed seeds): the
# regions are drawn as a random partition into n connected regions of n squares each
# (their count and size come from the spec's requires), a filling is drawn, and given
# numbers are removed while the puzzle stays unique at the level asked. The same pzc
# gives the same files.
# Run from the repository root: puzzles/jigsaw/make_instances.sh
set -eu
DIR=puzzles/jigsaw
SPEC=jigsaw.pz
. puzzles/make_generated.sh
make jigsaw_5x5_e --size 5x5 --difficulty easy --seed 1
make jigsaw_6x6_t --size 6x6 --difficulty tricky --seed 1
make jigsaw_9x9_e --size 9x9 --difficulty easy --seed 1
make jigsaw_9x9_h --size 9x9 --difficulty hard --seed 2
make jigsaw_9x9_f --size 9x9 --difficulty fiendish --seed 3
