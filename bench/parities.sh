#!/usr/bin/env bash
# Parities (Flip / Lights Out boards, `sum mod 2 = k` per square) side by side: the native
# engine of two builds of pzc (OLD: before the forty-seventh session's elimination of
# parities; NEW: with it), Z3 (`--engine z3`, the new build) and the family's checker
# (puzzles/flip/check_flip.py: Gaussian elimination in pure Python, no pzc). Boards are
# made by pressing random squares of an n x n board (Python's random, seed 1), so each has
# an answer; whether it is the only one depends on n. Whole-process seconds, best of 2;
# "-" where a run gave no answer within the limit (LIMIT seconds, default 30).
#   bench/parities.sh OLD_PZC [NEW_PZC]
cd "$(dirname "$0")/.."
set -uo pipefail
OLD=${1:?usage: $0 OLD_PZC [NEW_PZC]}
NEW=${2:-build/pzc}
LIMIT=${LIMIT:-30}
SPEC=puzzles/flip/flip.pz
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
board() {  # n -> an instance file
  python3 - "$1" > "$dir/b$1.pz" <<'EOF'
import random, sys
n = int(sys.argv[1]); random.seed(1)
lit = [[0] * n for _ in range(n)]
for r in range(n):
    for c in range(n):
        if random.random() < 0.5:
            for dr, dc in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    lit[r + dr][c + dc] ^= 1
print(f"instance random_{n}x{n} of Flip\n  lit = grid {{")
for row in lit:
    print("    " + "".join(str(x) for x in row))
print("  }\nend")
EOF
}
t() {  # best of 2 runs, seconds; "-" when both failed or timed out
  local best="-"
  for _ in 1 2; do
    local s=$(date +%s.%N)
    timeout $((LIMIT + 5)) "$@" >/dev/null 2>&1
    local rc=$?
    local e=$(echo "$(date +%s.%N) - $s" | bc)
    if [ $rc -le 1 ]; then
      if [ "$best" = "-" ] || (( $(echo "$e < $best" | bc) )); then best=$e; fi
    else
      break  # a timeout: once is enough
    fi
  done
  [ "$best" = "-" ] && echo "-" || printf '%.3f' "$best"
}
r() { [[ "$1" == "-" || "$2" == "-" ]] && echo "-" || printf '%.1fx' "$(echo "$1 / $2" | bc -l)"; }
printf '%-7s %8s | %10s %10s %8s | %10s %10s | %10s %10s\n' board answers "old unique" "new unique" old/new "new count" "z3 unique" checker checker/new
for n in 6 8 10 12 14 16 20 30 40 50; do
  board "$n"
  answers=$(python3 puzzles/flip/check_flip.py "$dir/b$n.pz" > "$dir/k$n.txt"; head -1 "$dir/k$n.txt" | cut -d' ' -f1)
  o=$(t "$OLD" unique $SPEC "$dir/b$n.pz" --engine native --time-limit "$LIMIT")
  u=$(t "$NEW" unique $SPEC "$dir/b$n.pz" --engine native --time-limit "$LIMIT")
  c=$(t "$NEW" count $SPEC "$dir/b$n.pz" --engine native --time-limit "$LIMIT")
  z=$(t "$NEW" unique $SPEC "$dir/b$n.pz" --engine z3 --time-limit "$LIMIT")
  k=$(t python3 puzzles/flip/check_flip.py "$dir/b$n.pz")
  printf '%-7s %8s | %10s %10s %8s | %10s %10s | %10s %10s\n' "${n}x$n" "$answers" "$o" "$u" "$(r "$o" "$u")" "$c" "$z" "$k" "$(r "$k" "$u")"
done
