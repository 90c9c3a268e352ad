#!/bin/sh
# Regenerates the bundled Cave instances with `pzc generate` (fixed seeds, one job): it
# draws a shading, derives the number of every unshaded square and removes numbers to a
# minimal set that is unique (at the level given). The same pzc gives the same files.
# Usage (from the repo root): puzzles/cave/make_instances.sh   (PZC=... to pick the binary)
set -eu
DIR=puzzles/cave
SPEC=cave.pz
. puzzles/make_generated.sh
make cave_5x5_easy --size 5x5 --difficulty easy --seed 1
make cave_6x6_tricky --size 6x6 --difficulty tricky --seed 1
make cave_7x7_hard --size 7x7 --difficulty hard --seed 1
make cave_8x8_easy --size 8x8 --difficulty easy --seed 1
make cave_10x10_hard --size 10x10 --difficulty hard --seed 1
