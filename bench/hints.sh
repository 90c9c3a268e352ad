#!/bin/sh
# Times `pzc explain` (the whole hint trace) per instance and reports time per hint.
# Usage: bench/hints.sh [path/to/pzc]   (default: build/pzc)
set -u
PZC=${1:-build/pzc}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
run() {
  spec=$1; inst=$2
  start=$(date +%s.%N)
  steps=$("$PZC" explain "$ROOT/$spec" "$inst" --json 2>/dev/null | grep -c '"technique"')
  end=$(date +%s.%N)
  awk -v n="$inst" -v s="$start" -v e="$end" -v k="$steps" \
    'BEGIN { t = e - s; printf "%-40s %5d hints %8.3f s %8.3f ms/hint\n", n, k, t, (k ? 1000 * t / k : 0) }'
}
run puzzles/lightup/lightup.pz "$ROOT/puzzles/lightup/lightup_10x10_d2.pz"
run puzzles/lightup/lightup.pz "$ROOT/puzzles/lightup/lightup_20x20.pz"
run puzzles/lightup/lightup.pz "$ROOT/puzzles/lightup/lightup_30x30.pz"
for f in "$ROOT"/puzzles/abc/abc_8x8*.pz "$ROOT"/puzzles/abc/abc_7x7_a.pz; do
  [ -f "$f" ] && run puzzles/abc/abc.pz "$f"
done
run puzzles/sudoku/sudoku.pz inkala
