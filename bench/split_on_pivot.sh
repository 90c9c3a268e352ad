#!/usr/bin/env bash
# Two builds of pzc side by side on the puzzles whose rules compare two unknowns beneath a
# disjunction ("the next number is beside it": Numbrix, Signpost), which both engines
# split on one variable since the forty-first session (docs/performance.md). Whole-process
# seconds of each job on each build, and the ratio old / new.
#   bench/split_on_pivot.sh OLD_PZC [NEW_PZC]
# OLD_PZC: a build before the split (e.g. of commit 1e7b2a1^^^, d9fc09f); NEW_PZC: build/pzc.
cd "$(dirname "$0")/.."
. bench/two_builds.sh
NX=puzzles/numbrix/numbrix.pz
SP=puzzles/signpost/signpost.pz
for inst in numbrix_5x5_a numbrix_6x6_a; do
  row "Numbrix ${inst#numbrix_}" "unique --engine native" unique $NX puzzles/numbrix/$inst.pz --engine native
  row "Numbrix ${inst#numbrix_}" "unique --engine z3" unique $NX puzzles/numbrix/$inst.pz --engine z3
  row "Numbrix ${inst#numbrix_}" grade grade $NX puzzles/numbrix/$inst.pz
done
row "Numbrix 7x7 generated (7 clues)" "unique --engine z3" unique $NX bench/data/numbrix_7x7_generated.pz --engine z3
row "Numbrix 7x7 generated (7 clues)" grade grade $NX bench/data/numbrix_7x7_generated.pz
for inst in signpost_7x7 signpost_8x8; do
  row "Signpost ${inst#signpost_}" "unique --engine native" unique $SP puzzles/signpost/$inst.pz --engine native
  row "Signpost ${inst#signpost_}" "unique --engine z3" unique $SP puzzles/signpost/$inst.pz --engine z3
  row "Signpost ${inst#signpost_}" grade grade $SP puzzles/signpost/$inst.pz
done
row "Signpost 6x6 generated (4 numbers)" grade grade $SP bench/data/signpost_6x6_generated.pz
row "Numbrix 7x7" "generate --count 1" generate $NX --count 1 --seed 1 --jobs 1
row "Numbrix 5x5 tricky" "generate --count 2" generate $NX --size 5x5 --difficulty tricky --count 2 --seed 2 --jobs 1
