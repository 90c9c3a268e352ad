#!/bin/sh
# Regenerates the bundled Towers instances from sgt-towers (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The generator is deterministic for a given "params#seed" string, so the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GEN=${SGT_TOWERS:-/usr/games/sgt-towers}

# name  params#seed   (params: N = size, dX = difficulty e easy, h hard, x extreme, u unreasonable)
LIST="
towers_4x4_e  4de#pzc-4
towers_5x5_e  5de#pzc-5
towers_6x6_h  6dh#pzc-6
towers_6x6_x  6dx#pzc-6
towers_7x7_u  7du#pzc-7
"

echo "$LIST" | while read -r name spec; do
  [ -n "$name" ] || continue
  if [ $# -gt 0 ]; then
    case " $* " in *" $name "*) ;; *) continue ;; esac
  fi
  id=$("$GEN" --generate 1 "$spec" 2>/dev/null)
  echo "$id" > "$name.towers"
  ./gameid2pz.py "$name" "$id" --source "sgt-towers --generate 1 '$spec' (sgt-puzzles 20230122); game ID in $name.towers" > "$name.pz"
  echo "$name: $id"
done
