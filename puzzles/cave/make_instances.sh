#!/bin/sh
# Regenerates the bundled Cave instances with `pzc generate` (fixed seeds, one job): it
# draws a shading, derives the number of every unshaded square and removes numbers to a
# minimal set that is unique (at the level given). The same pzc gives the same files.
# Usage (from the repo root): puzzles/cave/make_instances.sh   (PZC=... to pick the binary)
set -eu
PZC=${PZC:-build/pzc}
DIR=puzzles/cave
# make NAME SEED pzc-options...
make() {
  name=$1 seed=$2
  shift 2
  {
    echo "-- Made by make_instances.sh: pzc generate cave.pz $* --seed $seed --count 1 --jobs 1"
    "$PZC" generate "$DIR/cave.pz" "$@" --seed "$seed" --count 1 --jobs 1 |
      sed "s/^instance gen_s${seed}_1 of/instance $name of/"
  } > "$DIR/$name.pz"
}
make cave_5x5_easy      1 --size 5x5 --difficulty easy
make cave_6x6_tricky    1 --size 6x6 --difficulty tricky
make cave_7x7_hard      1 --size 7x7 --difficulty hard
make cave_8x8_easy      1 --size 8x8 --difficulty easy
make cave_10x10_hard    1 --size 10x10 --difficulty hard
