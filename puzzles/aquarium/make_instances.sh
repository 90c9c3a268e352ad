#!/bin/sh
# Regenerates the bundled Aquarium instances with `pzc generate` (fixed seeds): the tanks
# are drawn as a random partition into connected regions, a filling is drawn, the row and
# column numbers are derived from it and then removed while the puzzle stays unique (at
# the level asked), or all kept (--keep-clues). The same pzc gives the same files.
# Run from the repository root: puzzles/aquarium/make_instances.sh
set -eu
DIR=puzzles/aquarium
SPEC=aquarium.pz
. puzzles/make_generated.sh
make aquarium_4x4_e --size 4x4 --difficulty easy --seed 1
make aquarium_6x6_t --size 6x6 --regions 9 --difficulty tricky --seed 1
make aquarium_8x8_h --size 8x8 --regions 12 --difficulty hard --seed 1
make aquarium_10x10_k --size 10x10 --regions 18 --keep-clues --seed 1
make aquarium_10x10_f --size 10x10 --regions 18 --difficulty fiendish --seed 1
