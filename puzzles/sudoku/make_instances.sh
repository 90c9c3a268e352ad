#!/bin/sh
# Regenerates the bundled Sudoku instances from sgt-solo (Debian package sgt-puzzles) with fixed seeds, plus one classic.
# Usage: make_instances.sh [NAME...]   (default: all; an existing NAME.solo is kept unless FORCE=1)
set -u
cd "$(dirname "$0")"
GEN=${SGT_SOLO:-/usr/games/sgt-solo}
TIMEOUT=${TIMEOUT:-1200}

# name  params#seed   (params: RxC box size, dX difficulty: t trivial, b basic, i intermediate,
#                      a advanced, e extreme, u unreasonable)
LIST="
sudoku_9x9_trivial       3x3dt#pzc-t
sudoku_9x9_basic         3x3db#pzc-b
sudoku_9x9_intermediate  3x3di#pzc-i
sudoku_9x9_advanced      3x3da#pzc-a
sudoku_9x9_extreme       3x3de#pzc-e
sudoku_9x9_unreasonable  3x3du#pzc-u
sudoku_16x16_a           4x4db#pzc-16a
sudoku_16x16_b           4x4di#pzc-16b
"

echo "$LIST" | while read -r name spec; do
  [ -n "$name" ] || continue
  if [ $# -gt 0 ]; then
    case " $* " in *" $name "*) ;; *) continue ;; esac
  fi
  if [ -s "$name.solo" ] && [ "${FORCE:-0}" != 1 ]; then continue; fi
  start=$(date +%s)
  id=$(timeout "$TIMEOUT" "$GEN" --generate 1 "$spec" 2>/dev/null) || { echo "$name: generator failed or timed out" >&2; continue; }
  end=$(date +%s)
  printf '%s\n' "$id" > "$name.solo"
  python3 gameid2pz.py "$name" "$id" \
    --source "sgt-solo --generate 1 '$spec' (sgt-puzzles 20230122), $((end - start)) s; game ID in $name.solo" \
    > "$name.pz"
  echo "$name: $((end - start)) s"
done

# Arto Inkala's 2012 "world's hardest sudoku" (widely reprinted), as an 81-character string.
if [ $# -eq 0 ] || case " $* " in *" sudoku_9x9_inkala "*) true ;; *) false ;; esac; then
  python3 gameid2pz.py sudoku_9x9_inkala \
    800000000003600000070090200050007000000045700000100030001000068008500010090000400 \
    --source "Arto Inkala's 'world's hardest sudoku' (2012), as widely published" > sudoku_9x9_inkala.pz
fi
