#!/usr/bin/env bash
# The native engine's variable orders on every bundled instance, side by side:
# `pzc unique --engine native` with --order mrv (the command line's default) on OLD and on
# NEW, and with --order dom-wdeg on NEW. Whole-process seconds, "-" past the time limit
# (or on an error); ratios OLD mrv / NEW dom-wdeg and NEW mrv / NEW dom-wdeg.
#   bench/native_orders.sh OLD_PZC [NEW_PZC] [SECONDS] [FAMILY...]
set -uo pipefail
cd "$(dirname "$0")/.."
OLD=${1:?usage: $0 OLD_PZC [NEW_PZC] [SECONDS] [FAMILY...]}
NEW=${2:-build/pzc}
LIMIT=${3:-10}
shift $(( $# < 3 ? $# : 3 ))
families=("$@")
[ ${#families[@]} -eq 0 ] && families=($(ls -d puzzles/*/ | xargs -n1 basename))
t() {  # seconds of one run; "-" if it failed or hit the limit
  local s=$(date +%s.%N)
  timeout $((LIMIT + 5)) "$@" --time-limit "$LIMIT" >/dev/null 2>&1
  local rc=$?
  if [ $rc -gt 1 ]; then echo "-"; return; fi
  printf '%.3f' "$(echo "$(date +%s.%N) - $s" | bc)"
}
r() { [[ "$1" == "-" || "$2" == "-" ]] && echo "-" || printf '%.1fx' "$(echo "$1 / $2" | bc -l)"; }
printf '%-40s %9s %9s %9s %9s %9s\n' instance "old mrv" "mrv" "dom-wdeg" "old/dw" "mrv/dw"
for f in "${families[@]}"; do
  spec=puzzles/$f/$f.pz
  [ -f "$spec" ] || continue
  for inst in puzzles/$f/*.pz; do
    [ "$inst" = "$spec" ] && continue
    name=$(basename "$inst" .pz)
    o=$(t "$OLD" unique "$spec" "$inst" --engine native --order mrv)
    m=$(t "$NEW" unique "$spec" "$inst" --engine native --order mrv)
    d=$(t "$NEW" unique "$spec" "$inst" --engine native --order dom-wdeg)
    printf '%-40s %9s %9s %9s %9s %9s\n' "$f/$name" "$o" "$m" "$d" "$(r "$o" "$d")" "$(r "$m" "$d")"
  done
done
