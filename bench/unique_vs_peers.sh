#!/usr/bin/env bash
# `pzc unique` (solve + proof of uniqueness, whole process) and `pzc solve` side by side
# with peers on the same instance files, in the same run: a direct python3-z3 encoding
# (pseudo-Boolean counts), MiniZinc + Gecode, and a direct CNF encoding solved by cadical
# (Light Up); for `solve` each peer stops at its first solution (--solve-only). Each is
# timed as a whole process; the best of REPEAT runs (default 3) is kept, and the ratio
# peer / pzc is printed (> 1: pzc is faster).
#   [JOBS="unique solve"] bench/unique_vs_peers.sh [PZC]
set -uo pipefail
cd "$(dirname "$0")/.."
PZC=${1:-build/pzc}
REPEAT=${REPEAT:-3}
MZN_TIMEOUT=${MZN_TIMEOUT:-60}
JOBS=${JOBS:-unique solve}
need=()
for p in python3-z3 minizinc cadical; do dpkg -s "$p" >/dev/null 2>&1 || need+=("$p"); done
if ((${#need[@]})); then apt-get install -y -qq "${need[@]}" >/dev/null; fi

best() {  # best wall time of REPEAT runs of a command, in seconds; "fail" if it fails
  local best="" t
  for _ in $(seq "$REPEAT"); do
    local s=$(date +%s.%N)
    "$@" >/dev/null 2>&1
    local rc=$?
    if [ $rc -ne 0 ] && [ $rc -ne 1 ]; then echo fail; return; fi  # 1 = answered "not unique"
    t=$(echo "$(date +%s.%N) - $s" | bc)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
  done
  printf '%.3f' "$best"
}
ratio() { [[ "$1" == fail || "$2" == fail || "$1" == "-" ]] && echo "-" || printf '%.1fx' "$(echo "$1 / $2" | bc -l)"; }

run_row() {  # job family spec instance size
  local job=$1 spec=$3 inst=$4 size=$5 only=()
  [ "$job" = solve ] && only=(--solve-only)
  local t_pzc t_z3 t_mzn t_cad="-"
  t_pzc=$(best "$PZC" "$job" "$spec" "$inst")
  case $2 in
    lightup) t_z3=$(best /usr/bin/python3 bench/peers/lightup_z3.py "$inst" "${only[@]}")
             t_cad=$(best /usr/bin/python3 bench/peers/lightup_cnf.py "$inst" "${only[@]}") ;;
    abc)     t_z3=$(best /usr/bin/python3 bench/peers/abc_z3.py "$inst" "${only[@]}") ;;
  esac
  t_mzn=$(REPEAT=1 best timeout "$MZN_TIMEOUT" /usr/bin/python3 bench/peers/mzn_peer.py "$inst" "${only[@]}")
  printf '%-26s %-8s %9s %9s %9s %9s %9s  z3py %s, minizinc %s, cadical %s\n' "$(basename "$inst")" "$size" \
    "$t_pzc" "$t_z3" "$t_mzn" "$t_cad" "" "$(ratio "$t_z3" "$t_pzc")" "$(ratio "$t_mzn" "$t_pzc")" "$(ratio "$t_cad" "$t_pzc")"
}
for job in $JOBS; do
  echo "== pzc $job"
  printf '%-26s %-8s %9s %9s %9s %9s %9s  %s\n' instance size pzc z3py minizinc cadical "" "ratios (peer/pzc)"
  for f in 10x10_d2 30x30_d2 60x60_d2 100x100_d2; do
    run_row "$job" lightup puzzles/lightup/lightup.pz "puzzles/lightup/lightup_$f.pz" "${f%_d2}"
  done
  for f in abc_5x5_a abc_6x6_a abc_7x7_a abc_8x8_c abc_10x10_multi abc_12x12_multi abc_14x14_multi; do
    n=$(sed -n 's/^ *n *= *\([0-9]*\).*/\1/p' "puzzles/abc/$f.pz")
    run_row "$job" abc puzzles/abc/abc.pz "puzzles/abc/$f.pz" "${n}x${n}"
  done
done
