#!/bin/sh
# Regenerates the bundled Minesweeper instances with `pzc generate` (fixed seeds, one job):
# it draws a mine layout (with `--given mines=N`, one of exactly N mines), derives the
# number of every safe square and removes numbers to a minimal unique set (at the level
# given). The same pzc gives the same files.
# Usage (from the repo root): puzzles/minesweeper/make_instances.sh   (PZC=... to pick the binary)
set -eu
PZC=${PZC:-build/pzc}
DIR=puzzles/minesweeper
# make NAME SEED pzc-options...
make() {
  name=$1 seed=$2
  shift 2
  {
    echo "-- Made by make_instances.sh: pzc generate minesweeper.pz $* --seed $seed --count 1 --jobs 1"
    "$PZC" generate "$DIR/minesweeper.pz" "$@" --seed "$seed" --count 1 --jobs 1 |
      sed "s/^instance gen_s${seed}_1 of/instance $name of/"
  } > "$DIR/$name.pz"
}
make minesweeper_5x5_easy        1 --size 5x5 --difficulty easy
make minesweeper_6x6_tricky      1 --size 6x6 --given mines=8 --difficulty tricky
make minesweeper_8x8_hard        1 --size 8x8 --given mines=12 --difficulty hard
make minesweeper_10x10_easy      1 --size 10x10 --difficulty easy
make minesweeper_10x10_fiendish  1 --size 10x10 --given mines=20 --difficulty fiendish
