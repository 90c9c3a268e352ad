#!/usr/bin/env bash
# Native engine vs Z3 on the same ground program, side by side, for every family:
# whole-process seconds for solve, unique and count (count limited by --limit for Z3,
# which enumerates one solution at a time). Ratio = z3 / native.
#   bench/engines.sh [PZC]
set -uo pipefail
cd "$(dirname "$0")/.."
PZC=${1:-build/pzc}
t() {  # seconds of one run; "-" if it failed or timed out
  local s=$(date +%s.%N)
  "$@" >/dev/null 2>&1
  local rc=$?
  if [ $rc -gt 1 ]; then echo "-"; return; fi
  printf '%.3f' "$(echo "$(date +%s.%N) - $s" | bc)"
}
r() { [[ "$1" == "-" || "$2" == "-" ]] && echo "-" || printf '%.1fx' "$(echo "$2 / $1" | bc -l)"; }
printf '%-44s %-7s %9s %9s %8s\n' instance job native z3 z3/native
row() {  # label job args...  (count: native runs without a limit, Z3 with --limit 100000)
  local label=$1 job=$2; shift 2
  local n z extra=()
  [ "$job" = count ] && extra=(--limit 100000)
  n=$(t "$PZC" "$job" "$@" --engine native --time-limit 60)
  z=$(t "$PZC" "$job" "$@" "${extra[@]}" --engine z3 --time-limit 60)
  printf '%-44s %-7s %9s %9s %8s\n' "$label" "$job" "$n" "$z" "$(r "$n" "$z")"
}
W=puzzles/crossword/words_3000.txt
for job in solve unique; do
  row "ABC 7x7 (abc_7x7_a)" $job puzzles/abc/abc.pz puzzles/abc/abc_7x7_a.pz
  row "ABC 8x8 (abc_8x8_c)" $job puzzles/abc/abc.pz puzzles/abc/abc_8x8_c.pz
  row "Light Up 30x30 (hard)" $job puzzles/lightup/lightup.pz puzzles/lightup/lightup_30x30_d2.pz
  row "Light Up 100x100 (hard)" $job puzzles/lightup/lightup.pz puzzles/lightup/lightup_100x100_d2.pz
  row "Sudoku 9x9 (Inkala)" $job puzzles/sudoku/sudoku.pz inkala
  row "Sudoku 16x16 (a)" $job puzzles/sudoku/sudoku.pz puzzles/sudoku/sudoku_16x16_a.pz
  row "Einstein" $job puzzles/clues/einstein.pz
  row "Towers 6x6 (hard)" $job puzzles/towers/towers.pz puzzles/towers/towers_6x6_h.pz
  row "Towers 7x7 (unreasonable)" $job puzzles/towers/towers.pz puzzles/towers/towers_7x7_u.pz
  row "Kakuro 7x7" $job puzzles/kakuro/kakuro.pz puzzles/kakuro/kk_7x7.pz
  row "Killer Sudoku 9x9 (every sum)" $job puzzles/killer/killer.pz puzzles/killer/killer_9x9.pz
  row "Killer Sudoku 9x9 (sparse, 17 sums)" $job puzzles/killer/killer.pz bench/data/killer_9x9_sparse.pz
  row "Star Battle 8x8, 2 stars" $job puzzles/starbattle/starbattle.pz puzzles/starbattle/sb_8x8_2star.pz
  row "Futoshiki 7x7 (recursive)" $job puzzles/futoshiki/futoshiki.pz puzzles/futoshiki/futoshiki_7x7_r.pz
  row "Nonogram 25x25" $job puzzles/nonogram/nonogram.pz puzzles/nonogram/nonogram_25x25.pz
  row "Nonogram 30x20" $job puzzles/nonogram/nonogram.pz puzzles/nonogram/nonogram_30x20.pz
  row "Hitori 12x12 (tricky)" $job puzzles/hitori/hitori.pz puzzles/hitori/hitori_12x12_k.pz
  row "Range 15x15" $job puzzles/range/range.pz puzzles/range/range_15x15.pz
  row "Slitherlink 15x15 (hard)" $job puzzles/slitherlink/slitherlink.pz puzzles/slitherlink/slitherlink_15x15_h.pz
  row "crossword line 5 (12 slots, 3000 words)" $job puzzles/crossword/crossword.pz puzzles/crossword/slots.txt --line 5 --given words=@$W
done
row "ABC 5x5, 3 letters, no clues" count puzzles/abc/abc.pz --given n=5 --given 'letters={A,B,C}' --given 'top="....."' --given 'bottom="....."' --given 'left="....."' --given 'right="....."' 
row "Hitori 5x5, all numbers different" count puzzles/hitori/hitori.pz --given 'numbers=grid {
1 2 3 4 5
6 7 8 9 10
11 12 13 14 15
16 17 18 19 20
21 22 23 24 25
}'
row "crossword line 2 (6 slots, 1000 words)" count puzzles/crossword/crossword.pz puzzles/crossword/slots.txt --line 2 --given words=@puzzles/crossword/words_1000.txt
row "crossword line 5 (12 slots, 3000 words)" count puzzles/crossword/crossword.pz puzzles/crossword/slots.txt --line 5 --given words=@$W
echo "(count rows: the native count is exact; Z3 enumerates with blocking clauses and stops at"
echo " --limit 100000 or the 60 s time limit, so its time is a lower bound on an exact count)"
