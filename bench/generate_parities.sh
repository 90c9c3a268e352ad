#!/usr/bin/env bash
# `pzc generate` on Flip (Lights Out: the states are clues derived from drawn presses) with
# two builds side by side: OLD before the fiftieth session (its generator's Z3 proof had no
# rows of the parities' elimination, its removal searched each question without them, and
# `--difficulty fiendish` capped the removal at tier 4), NEW with them. The spec is the
# working tree's for both (the states became clue givens in the same session). Then Light
# Up and Sudoku batches, whose path the session did not mean to change (the checker now
# looks for parities in every program). Whole-process seconds, old / new; "-" where a run
# failed or passed 120 s (an old build's 20x20 proof ran for over ten minutes).
#   bench/generate_parities.sh OLD_PZC [NEW_PZC]
cd "$(dirname "$0")/.."
. bench/two_builds.sh
gen() {  # label spec args...
  local label=$1 spec=$2; shift 2
  row "$label" "generate" generate "puzzles/$spec" "$@" --seed 1 --jobs 1
}
gen "Flip 6x6 x5" flip/flip.pz --size 6x6 --count 5
gen "Flip 10x10 x5" flip/flip.pz --size 10x10 --count 5
gen "Flip 10x10 x5 fiendish" flip/flip.pz --size 10x10 --count 5 --difficulty fiendish
gen "Flip 20x20 x1 --keep-clues" flip/flip.pz --size 20x20 --count 1 --keep-clues
gen "Flip 20x20 x1" flip/flip.pz --size 20x20 --count 1
gen "Light Up 10x10 easy x60" lightup/lightup.pz --size 10x10 --difficulty easy --count 60
gen "Light Up 10x10 tricky x30" lightup/lightup.pz --size 10x10 --difficulty tricky --count 30
gen "Sudoku 9x9 easy x60" sudoku/sudoku.pz --difficulty easy --count 60
gen "Sudoku 9x9 hard x20" sudoku/sudoku.pz --difficulty hard --count 20
gen "Tapa 7x7 x10" tapa/tapa.pz --size 7x7 --count 10
