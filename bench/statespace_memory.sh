#!/usr/bin/env bash
# The state-space searches' memory (breadth, best, A*): two builds of pzc side by side on
# the same jobs, one after the other. Per build: whole-process seconds, the peak resident
# set (KB, /usr/bin/time) and the search's own estimate (--stats, "memory (estimate)"),
# then the ratios old / new. A job that stops at its time limit reports how far it got
# (expanded nodes), so compare those too. Usage: bench/statespace_memory.sh OLD_PZC [NEW_PZC]
set -uo pipefail
cd "$(dirname "$0")/.."
OLD=${1:?usage: $0 OLD_PZC [NEW_PZC]}
NEW=${2:-build/pzc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '8\t6\t7\n2\t5\t4\n3\t0\t1\n' >"$tmp/eight31.txt"  # 31 moves, the 8-puzzle's longest
# Korf's first 15-puzzle (bench/npuzzle_instances.txt, 57 moves), turned to the seed's goal
# (blank last) as the npuzzle benches do: cells reversed, tile t -> 16 - t.
grep -v '^#' bench/npuzzle_instances.txt | head -1 |
  awk '{ for (i = NF; i >= 1; --i) printf "%d%s", ($i ? 16 - $i : 0), ((NF - i) % 4 == 3 ? "\n" : "\t") }' >"$tmp/korf1.txt"
run() {  # pzc args... -> "seconds rss_kb estimate_mib expanded"
  /usr/bin/time -f "%e %M" -o "$tmp/time" "$@" --stats >"$tmp/out" 2>&1
  local est exp
  est=$(grep -o 'memory (estimate): [0-9.]*' "$tmp/out" | grep -o '[0-9.]*$' || echo -)
  exp=$(grep -o '^expanded: [0-9]*' "$tmp/out" | grep -o '[0-9]*$' || echo -)
  echo "$(cat "$tmp/time" | tail -1) ${est:--} ${exp:--}"
}
printf '%-30s | %7s %9s %9s %9s | %7s %9s %9s %9s | %6s %6s\n' job "old s" "old KB" "old MiB" "old nodes" \
  "new s" "new KB" "new MiB" "new nodes" "RSS" "est"
job() {  # label args...
  local label=$1; shift
  read -r os ok oe on < <(run "$OLD" "$@")
  read -r ns nk ne nn < <(run "$NEW" "$@")
  printf '%-30s | %7s %9s %9s %9s | %7s %9s %9s %9s | %6s %6s\n' "$label" "$os" "$ok" "$oe" "$on" "$ns" "$nk" "$ne" "$nn" \
    "$(awk -v a="$ok" -v b="$nk" 'BEGIN { printf "%.1fx", a / b }')" \
    "$(awk -v a="$oe" -v b="$ne" 'BEGIN { if (b > 0) printf "%.1fx", a / b; else print "-" }')"
}
job "pegs 7x7 random, breadth" search puzzles/pegs/pegs.pz puzzles/pegs/pegs_7x7_random.pz --strategy breadth
job "pegs 9x9 random, best" search puzzles/pegs/pegs.pz puzzles/pegs/pegs_9x9_random.pz --strategy best
job "pegs 7x7 cross, breadth (10 s)" search puzzles/pegs/pegs.pz puzzles/pegs/pegs_7x7_cross.pz --strategy breadth --time-limit 10
job "8-puzzle 31 moves, breadth" search puzzles/npuzzle/npuzzle.pz --strategy breadth "$tmp/eight31.txt"
job "15-puzzle Korf 1, A* (10 s)" search puzzles/npuzzle/npuzzle.pz --strategy astar "$tmp/korf1.txt" --time-limit 10
job "frogs 8/8, breadth" search puzzles/statespace/frogs.pz --strategy breadth --given frogs=8 --given toads=8
