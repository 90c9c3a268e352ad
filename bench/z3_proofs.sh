#!/usr/bin/env bash
# Two builds of pzc side by side on Z3's proofs: the generator's proof of each printed
# puzzle (uniqueness, and the declared techniques' facts, which since the forty-ninth
# session rest on it), and `unique --engine z3` where sums of counts compared now go to
# the finite-domain solver as pseudo-Boolean constraints (Range's "what a square sees").
# Whole-process seconds of each job on each build, and the ratio old / new; both builds
# print the same puzzles (the proof decides nothing the generator does not already know).
#   bench/z3_proofs.sh OLD_PZC [NEW_PZC]
# OLD_PZC: a build of 4baee7b or earlier (b7734d4); NEW_PZC: build/pzc.
cd "$(dirname "$0")/.."
. bench/two_builds.sh
gen() {  # label spec args... : a batch of 20 on one thread
  local label=$1 spec=$2; shift 2
  row "$label" "generate --count 20" generate "puzzles/$spec" "$@" --count 20 --seed 1 --jobs 1
}
gen "Yin-Yang 6x6" yinyang/yinyang.pz --size 6x6
gen "Aquarium 6x6" aquarium/aquarium.pz --size 6x6
gen "Magnets 6x6 easy" magnets/magnets.pz --size 6x6 --difficulty easy
gen "Futoshiki 5x5 tricky" futoshiki/futoshiki.pz --size 5x5 --difficulty tricky
gen "Range 7x7 easy" range/range.pz --size 7x7 --difficulty easy
gen "Light Up 10x10 easy (no facts)" lightup/lightup.pz --size 10x10 --difficulty easy
for inst in range_10x10 range_12x12 range_15x15; do
  row "Range ${inst#range_}" "unique --engine z3" unique puzzles/range/range.pz "puzzles/range/$inst.pz" --engine z3
done
row "Cave 10x10 hard" "unique --engine z3" unique puzzles/cave/cave.pz puzzles/cave/cave_10x10_hard.pz --engine z3
row "Battleships 10x10 e" "unique --engine z3" unique puzzles/battleships/battleships.pz \
  puzzles/battleships/battleships_10x10_e.pz --engine z3
