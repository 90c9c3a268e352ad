# Sourced by the benchmarks that run two builds of pzc side by side (split_on_pivot.sh,
# expr_forms.sh): each job once on OLD, then once on NEW, whole-process seconds, and the
# ratio old / new. Arguments: OLD_PZC [NEW_PZC] (default build/pzc); the caller has cd'd
# to the repository's root.
set -uo pipefail
OLD=${1:?usage: $0 OLD_PZC [NEW_PZC]}
NEW=${2:-build/pzc}
t() {  # seconds of one run; "-" if it failed or timed out (120 s)
  local s=$(date +%s.%N)
  timeout 120 "$@" >/dev/null 2>&1
  local rc=$?
  if [ $rc -gt 1 ]; then echo "-"; return; fi
  printf '%.3f' "$(echo "$(date +%s.%N) - $s" | bc)"
}
r() { [[ "$1" == "-" || "$2" == "-" ]] && echo "-" || printf '%.1fx' "$(echo "$1 / $2" | bc -l)"; }
printf '%-34s %-22s %9s %9s %8s\n' instance job old new old/new
row() {  # label job-label args...
  local label=$1 job=$2; shift 2
  local o n
  o=$(t "$OLD" "$@")
  n=$(t "$NEW" "$@")
  printf '%-34s %-22s %9s %9s %8s\n' "$label" "$job" "$o" "$n" "$(r "$o" "$n")"
}
