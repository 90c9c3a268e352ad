#!/bin/sh
# Regenerates the bundled Creek instances with `pzc generate` (fixed seeds, one job): it
# draws a shading, derives every corner number and removes numbers to a minimal unique set
# (at the level given). The same pzc gives the same files.
# Usage (from the repo root): puzzles/creek/make_instances.sh   (PZC=... to pick the binary)
set -eu
PZC=${PZC:-build/pzc}
DIR=puzzles/creek
# make NAME SEED pzc-options...: --size is the grid of points, one more than the squares
make() {
  name=$1 seed=$2
  shift 2
  {
    echo "-- Made by make_instances.sh: pzc generate creek.pz $* --seed $seed --count 1 --jobs 1"
    "$PZC" generate "$DIR/creek.pz" "$@" --seed "$seed" --count 1 --jobs 1 |
      sed "s/^instance gen_s${seed}_1 of/instance $name of/"
  } > "$DIR/$name.pz"
}
make creek_4x4_easy     3 --size 5x5 --difficulty easy
make creek_6x6_tricky   2 --size 7x7 --difficulty tricky
make creek_8x8_easy     2 --size 9x9 --difficulty easy
make creek_8x8_hard     3 --size 9x9 --difficulty hard
make creek_10x10_fiendish 1 --size 11x11 --difficulty fiendish
