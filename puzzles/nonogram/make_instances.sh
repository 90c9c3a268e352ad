#!/bin/sh
# Regenerates the bundled nonogram instances from sgt-pattern (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The generator is deterministic for a given "params#seed" string, so the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GEN=${SGT_PATTERN:-/usr/games/sgt-pattern}

# name  params#seed   (params: WxH; Pattern has one level: every puzzle is solved line by line)
LIST="
nonogram_5x5    5x5#pzc-5
nonogram_10x10  10x10#pzc-10
nonogram_15x15  15x15#pzc-15
nonogram_20x20  20x20#pzc-20
nonogram_25x25  25x25#pzc-25
nonogram_30x20  30x20#pzc-30
"

echo "$LIST" | while read -r name spec; do
  [ -n "$name" ] || continue
  if [ $# -gt 0 ]; then
    case " $* " in *" $name "*) ;; *) continue ;; esac
  fi
  id=$("$GEN" --generate 1 "$spec" 2>/dev/null)
  echo "$id" > "$name.pattern"
  ./gameid2pz.py "$name" "$id" --source "sgt-pattern --generate 1 '$spec' (sgt-puzzles 20230122); game ID in $name.pattern" > "$name.pz"
  echo "$name: $id"
done
