#!/usr/bin/env bash
# The crossword seed's strategy table: for one puzzle and dictionary, find ALL fills with
# every variable ordering x checking combination, deterministic and seeded-random, by
# plain depth-first enumeration (no component splitting), and print steps (decisions),
# maximum stack depth, time and the count. Then the same count with components and
# caching, and naive Z3 enumeration (solutions per second) for comparison.
# The crossword spec's variables are the grid's letters (a slot is a table constraint over
# its squares), so "check none" tests a slot only once all its letters are set: that is
# hopeless beyond tiny dictionaries and shows up as a time limit (LIMIT seconds, default 20).
#   bench/crossword_strategies.sh [PZC] [LINE] [WORDS]
set -euo pipefail
cd "$(dirname "$0")/.."
PZC=${1:-build/pzc}
LINE=${2:-2}
WORDS=${3:-puzzles/crossword/words_1000.txt}
SPEC=puzzles/crossword/crossword.pz
SLOTS=puzzles/crossword/slots.txt
echo "puzzle: $SLOTS line $LINE ($(sed -n "/^[0-9]/p" $SLOTS | sed -n "${LINE}p" | wc -w | awk '{print $1/4}') slots), dictionary: $WORDS ($(wc -l < $WORDS) words)"
printf '%-11s %-8s %-7s %12s %10s %10s %12s\n' order check random steps max_stack time_s count
for order in none mrv degree mrv-degree degree-mrv; do
  for check in none forward ac3; do
    for random in no yes; do
      extra=()
      [ "$random" = yes ] && extra=(--random-seed 1)
      out=$("$PZC" count $SPEC $SLOTS --line "$LINE" --given "words=@$WORDS" --engine native --no-components \
            --order $order --check $check "${extra[@]}" --stats --json --time-limit "${LIMIT:-20}" || true)
      echo "$out" | python3 -c "
import json, sys
o = json.load(sys.stdin); s = o.get('stats', {})
if o.get('status') == 'unknown':
    print('%-11s %-8s %-7s %12s %10s %10s %12s' % ('$order', '$check', '$random', '-', '-', '>${LIMIT:-20}', 'time limit'))
else:
    print('%-11s %-8s %-7s %12s %10s %10.3f %12s' % ('$order', '$check', '$random', s.get('nodes'), s.get('max_depth'), s.get('time_s', 0), o.get('count')))"
    done
  done
done
echo
echo "with components and caching (the default):"
/usr/bin/time -f "  whole process %e s, %M KB" "$PZC" count $SPEC $SLOTS --line "$LINE" --given "words=@$WORDS" --stats
echo "naive Z3 enumeration (blocking clauses), 10 s budget:"
/usr/bin/time -f "  whole process %e s" "$PZC" count $SPEC $SLOTS --line "$LINE" --given "words=@$WORDS" --engine z3 --limit 100000 --time-limit 10 || true
