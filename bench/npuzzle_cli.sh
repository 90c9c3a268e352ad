#!/usr/bin/env bash
# 15-puzzle IDA* + Manhattan through the real `pzc search` (spec puzzles/npuzzle/npuzzle.pz:
# parse, check, bind, lower, compile, search) against the hand-written solver, side by
# side on bench/npuzzle_instances.txt. Usage: bench/npuzzle_cli.sh [BUILD_DIR]
# (BUILD_DIR defaults to build; pzc and bench_npuzzle_handwritten must be built there.)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=${1:-$root/build}
hand=$build/bench/bench_npuzzle_handwritten
pzc=$build/pzc
for exe in "$hand" "$pzc"; do
  [[ -x $exe ]] || { echo "missing $exe (ninja -C $build pzc bench_npuzzle_handwritten)" >&2; exit 2; }
done
instances=$here/npuzzle_instances.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The hand-written solver first, on its own (never concurrently with pzc).
"$hand" "$instances" >"$tmp/hand"
# pzc: each Korf instance as the seed's input.txt (4 tab-separated rows), mapped to the
# seed's goal exactly as the bench programs do (180-degree rotation, v -> 16 - v).
i=0
: >"$tmp/pzc"
grep -v '^#' "$instances" | while read -r line; do
  [[ -z $line ]] && continue
  i=$((i + 1))
  read -r -a korf <<<"$line"
  mapped=()
  for p in $(seq 0 15); do
    v=${korf[$((15 - p))]}
    mapped+=($((v == 0 ? 0 : 16 - v)))
  done
  printf '%s\t%s\t%s\t%s\n' "${mapped[@]}" >"$tmp/in$i.txt"
  t0=$(date +%s.%N)
  "$pzc" search "$root/puzzles/npuzzle/npuzzle.pz" --strategy idastar "$tmp/in$i.txt" --stats >"$tmp/out$i.txt"
  t1=$(date +%s.%N)
  len=$(head -1 "$tmp/out$i.txt")
  nodes=$(awk '/^expanded:/ { print $2 }' "$tmp/out$i.txt")
  search_s=$(awk '/^time:/ { print $2 }' "$tmp/out$i.txt")
  wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
  echo "$len $nodes $search_s $wall" >>"$tmp/pzc"
done
paste -d' ' "$tmp/hand" "$tmp/pzc" | awk '
  BEGIN { printf "%-4s %-4s %12s | %9s %10s | %9s %9s %10s | %6s\n", "#", "len", "expanded",
                 "hand s", "hand Mn/s", "pzc srch", "pzc wall", "pzc Mn/s", "ratio" }
  {
    n++; if ($1 != $4 || $2 != $5) mismatch = 1
    th += $3; ts += $6; tw += $7; nodes += $2
    printf "%-4d %-4d %12d | %9.3f %10.1f | %9.3f %9.3f %10.1f | %6.2f\n", n, $1, $2,
           $3, $2 / ($3 > 0 ? $3 : 1e-9) / 1e6, $6, $7, $5 / ($6 > 0 ? $6 : 1e-9) / 1e6, $7 / ($3 > 0 ? $3 : 1e-9)
  }
  END {
    printf "total: %d nodes; hand-written %.3f s (%.1f Mnodes/s); pzc search %.3f s (%.1f Mnodes/s), wall %.3f s\n",
           nodes, th, nodes / th / 1e6, ts, nodes / ts / 1e6, tw
    printf "pzc/hand time ratio: %.2f (search only), %.2f (whole pzc run)\n", ts / th, tw / th
    if (mismatch) { print "MISMATCH: lengths or node counts differ"; exit 1 }
  }'
