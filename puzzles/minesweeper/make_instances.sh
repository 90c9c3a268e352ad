#!/bin/sh
# Regenerates the bundled Minesweeper instances with `pzc generate` (fixed seeds, one job):
# it draws a mine layout (with `--given mines=N`, one of exactly N mines), derives the
# number of every safe square and removes numbers to a minimal unique set (at the level
# given). The same pzc gives the same files.
# Usage (from the repo root): puzzles/minesweeper/make_instances.sh   (PZC=... to pick the binary)
set -eu
DIR=puzzles/minesweeper
SPEC=minesweeper.pz
. puzzles/make_generated.sh
make minesweeper_5x5_easy --size 5x5 --difficulty easy --seed 1
make minesweeper_6x6_tricky --size 6x6 --given mines=8 --difficulty tricky --seed 1
make minesweeper_8x8_hard --size 8x8 --given mines=12 --difficulty hard --seed 1
make minesweeper_10x10_easy --size 10x10 --difficulty easy --seed 1
make minesweeper_10x10_fiendish --size 10x10 --given mines=20 --difficulty fiendish --seed 1
