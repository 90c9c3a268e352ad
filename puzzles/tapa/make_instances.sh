#!/bin/sh
# Regenerates the bundled Tapa instances with `pzc generate` (fixed seeds, one job): it
# draws a shading of the empty grid (connected, no 2x2 block), tries the clue values 0, 1,
# 2, ... 200 in every unshaded square (the first whose runs the shading has becomes the
# square's clue), and removes clues while the puzzle stays unique (at the level asked).
# The same pzc gives the same files.
# Run from the repository root: sh puzzles/tapa/make_instances.sh   (PZC=... picks the binary)
set -eu
PZC=${PZC:-build/pzc}
DIR=puzzles/tapa
# make NAME SEED [pzc generate options...]
make() {
  name=$1 seed=$2
  shift 2
  {
    echo "-- Tapa, made by puzzles/tapa/make_instances.sh:"
    echo "--   pzc generate $DIR/tapa.pz $* --seed $seed --count 1 --jobs 1"
    "$PZC" generate "$DIR/tapa.pz" "$@" --seed "$seed" --count 1 --jobs 1 |
      sed "s/^instance gen_s${seed}_1 of/instance $name of/"
  } > "$DIR/$name.pz"
}
make tapa_5x5_e   1 --size 5x5 --difficulty easy
make tapa_6x6_t   2 --size 6x6 --difficulty tricky
make tapa_7x7_h   3 --size 7x7 --difficulty hard
make tapa_8x8_f   4 --size 8x8 --difficulty fiendish
make tapa_10x10_m 5 --size 10x10
