#!/bin/sh
# Regenerates the bundled Range instances from sgt-range (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The generator is deterministic for a given "params#seed" string, so the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GEN=${SGT_RANGE:-/usr/games/sgt-range}

# name  params#seed   (params: WxH; Range has one level)
LIST="
range_7x7    7x7#pzc-7
range_9x6    9x6#pzc-9
range_10x10  10x10#pzc-10
range_12x12  12x12#pzc-12
range_15x15  15x15#pzc-15
"

echo "$LIST" | while read -r name spec; do
  [ -n "$name" ] || continue
  if [ $# -gt 0 ]; then
    case " $* " in *" $name "*) ;; *) continue ;; esac
  fi
  id=$("$GEN" --generate 1 "$spec" 2>/dev/null)
  echo "$id" > "$name.range"
  ./gameid2pz.py "$name" "$id" --source "sgt-range --generate 1 '$spec' (sgt-puzzles 20230122); game ID in $name.range" > "$name.pz"
  echo "$name: $id"
done
