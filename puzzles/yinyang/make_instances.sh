#!/bin/sh
# Regenerates the bundled Yin-Yang instances with `pzc generate` (fixed seeds, one job):
# generate draws a colouring of the empty grid, derives every circle from it, and removes
# circles while the puzzle stays unique (at the level asked). The same pzc gives the same
# files. Run from the repository root: sh puzzles/yinyang/make_instances.sh
set -eu
PZC=${PZC:-build/pzc}
DIR=puzzles/yinyang
# make NAME SEED [pzc generate options...]
make() {
  name=$1 seed=$2
  shift 2
  {
    echo "-- Yin-Yang, made by puzzles/yinyang/make_instances.sh:"
    echo "--   pzc generate $DIR/yinyang.pz $* --seed $seed --count 1 --jobs 1"
    "$PZC" generate "$DIR/yinyang.pz" "$@" --seed "$seed" --count 1 --jobs 1 |
      sed "s/^instance gen_s${seed}_1 of/instance $name of/"
  } > "$DIR/$name.pz"
}
make yinyang_5x5_e 1 --size 5x5 --difficulty easy
make yinyang_6x6_t 2 --size 6x6 --difficulty tricky
make yinyang_7x7_h 3 --size 7x7 --difficulty hard
make yinyang_8x8_f 4 --size 8x8 --difficulty fiendish
make yinyang_8x8_m 5 --size 8x8
