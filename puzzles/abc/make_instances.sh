#!/bin/sh
# Regenerates the bundled Easy-as-ABC instances (seeded, deterministic) with generate_abc.py; needs python3-z3.
# Usage: make_instances.sh [NAME...]   (default: all). abc_fig1.pz is hand-written, not generated.
set -eu
cd "$(dirname "$0")"
PY=${PY:-/usr/bin/python3}

# name        n  letters       seed  options   (--multiple: benchmark-only, NOT unique, see generate_abc.py)
LIST="
abc_5x5_a     5  ABC           11    --keep-all
abc_5x5_b     5  ABC           12
abc_5x5_c     5  ABCD          13
abc_6x6_a     6  ABCD          21
abc_6x6_b     6  ABCD          22    --keep-all
abc_6x6_c     6  ABCD          23
abc_7x7_a     7  ABCDE         31
abc_7x7_b     7  ABCDE         32    --keep-all
abc_7x7_c     7  ABCD          33
abc_8x8_a     8  ABCDEF        41
abc_8x8_b     8  ABCDEF        42    --keep-all
abc_8x8_c     8  ABCDE         43
abc_august    7  AGSTU         2015
abc_10x10_multi 10 ABCDEFGH    101   --multiple
abc_12x12_multi 12 ABCDEFGHIJ  121   --multiple
abc_14x14_multi 14 ABCDEFGHIJKL 141  --multiple
"

echo "$LIST" | while read -r name n letters seed opts; do
  [ -n "$name" ] || continue
  if [ $# -gt 0 ]; then
    case " $* " in *" $name "*) ;; *) continue ;; esac
  fi
  start=$(date +%s)
  # shellcheck disable=SC2086
  if timeout "${TIMEOUT:-1800}" $PY generate_abc.py "$name" "$n" "$letters" "$seed" $opts > "$name.pz.tmp"; then
    mv "$name.pz.tmp" "$name.pz"
  else
    rm -f "$name.pz.tmp"
    echo "$name: generator failed or timed out" >&2
    continue
  fi
  echo "$name: $(($(date +%s) - start)) s"
done
