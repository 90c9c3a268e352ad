#!/usr/bin/env bash
# 15-puzzle IDA* + Manhattan: the pzc state-space runtime against a hand-written solver,
# side by side on bench/npuzzle_instances.txt. Usage: bench/npuzzle.sh [BUILD_DIR]
# (BUILD_DIR defaults to build; the bench_npuzzle_* targets must be built there.)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
hand=$build/bench/bench_npuzzle_handwritten
pzc=$build/bench/bench_npuzzle_pzc
for exe in "$hand" "$pzc"; do
  [[ -x $exe ]] || { echo "missing $exe (ninja -C $build bench_npuzzle_handwritten bench_npuzzle_pzc)" >&2; exit 2; }
done
instances=$here/npuzzle_instances.txt
# One after the other (never concurrently), so they do not compete for a core.
out_hand=$(mktemp) out_pzc=$(mktemp)
trap 'rm -f "$out_hand" "$out_pzc"' EXIT
"$hand" "$instances" >"$out_hand"
"$pzc" "$instances" >"$out_pzc"
paste -d' ' "$out_hand" "$out_pzc" | awk '
  BEGIN { printf "%-4s %-4s %12s | %9s %10s | %9s %10s | %6s\n", "#", "len", "expanded",
                 "hand s", "hand Mn/s", "pzc s", "pzc Mn/s", "ratio" }
  {
    n++; if ($1 != $4 || $2 != $5) mismatch = 1
    th += $3; tp += $6; nodes += $2
    printf "%-4d %-4d %12d | %9.3f %10.1f | %9.3f %10.1f | %6.2f\n", n, $1, $2,
           $3, $2 / ($3 > 0 ? $3 : 1e-9) / 1e6, $6, $5 / ($6 > 0 ? $6 : 1e-9) / 1e6, $6 / ($3 > 0 ? $3 : 1e-9)
  }
  END {
    printf "total: %d nodes; hand-written %.3f s (%.1f Mnodes/s), pzc %.3f s (%.1f Mnodes/s); pzc/hand time ratio %.2f\n",
           nodes, th, nodes / th / 1e6, tp, nodes / tp / 1e6, tp / th
    if (mismatch) { print "MISMATCH: lengths or node counts differ"; exit 1 }
  }'
