#!/usr/bin/env bash
# Two builds of pzc side by side on the puzzles with a rule `x = count(b1..bk)`, which the
# native engine propagates by a propagator of its own since the forty-second session
# (Filling's region sizes; docs/performance.md, "A count equal to a variable"), where it
# went through the search for supports. Then controls: Palisade (region sizes fixed, as
# cardinalities) and other families' generic expressions. Whole-process seconds, ratio
# old / new.
#   bench/expr_forms.sh OLD_PZC [NEW_PZC]
# OLD_PZC: a build before the change (e.g. of commit 4def805); NEW_PZC: build/pzc.
cd "$(dirname "$0")/.."
. bench/two_builds.sh
FI=puzzles/filling/filling.pz
PA=puzzles/palisade/palisade.pz
for inst in filling_5x5_a filling_6x6_a filling_7x7_a; do
  row "Filling ${inst#filling_}" grade grade $FI puzzles/filling/$inst.pz
done
row "Filling 6x6_a" "count --engine native" count $FI puzzles/filling/filling_6x6_a.pz --engine native
row "Filling 5x5" "generate easy, 2" generate $FI --size 5x5 --count 2 --seed 3 --difficulty easy --jobs 1
row "Filling 4x4" "generate, 2" generate $FI --size 4x4 --count 2 --seed 1 --jobs 1
row "Palisade 10x8n8" grade grade $PA puzzles/palisade/palisade_10x8n8.pz
row "Palisade 5x5" "generate, 2" generate $PA --size 5x5 --count 2 --seed 3 --jobs 1
row "Range 15x15" "count --engine native" count puzzles/range/range.pz puzzles/range/range_15x15.pz --engine native
row "Range 15x15" grade grade puzzles/range/range.pz puzzles/range/range_15x15.pz
# controls
row "Slitherlink 15x15_h" grade grade puzzles/slitherlink/slitherlink.pz puzzles/slitherlink/slitherlink_15x15_h.pz
row "Pearl 12x12_t" grade grade puzzles/pearl/pearl.pz puzzles/pearl/pearl_12x12_t.pz
row "Keen 9x9_n" grade grade puzzles/keen/keen.pz puzzles/keen/keen_9x9_n.pz
row "Killer 9x9" "unique --engine native" unique puzzles/killer/killer.pz puzzles/killer/killer_9x9.pz --engine native
row "Suguru 8x8_h" grade grade puzzles/suguru/suguru.pz puzzles/suguru/suguru_8x8_h.pz
row "Towers 7x7_u" "unique --engine native" unique puzzles/towers/towers.pz puzzles/towers/towers_7x7_u.pz --engine native
row "Light Up 10x10 tricky" "generate, 20" generate puzzles/lightup/lightup.pz --size 10x10 --difficulty tricky --count 20 --seed 1 --jobs 1
row "Sudoku easy" "generate, 60" generate puzzles/sudoku/sudoku.pz --difficulty easy --count 60 --seed 1 --jobs 1
