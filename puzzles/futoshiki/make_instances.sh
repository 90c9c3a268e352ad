#!/bin/sh
# Regenerates the bundled Futoshiki instances from sgt-unequal (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The generator is deterministic for a given "params#seed" string, so the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GEN=${SGT_UNEQUAL:-/usr/games/sgt-unequal}

# name  params#seed   (params: N then dX = difficulty t trivial, e easy, k tricky, x extreme, r recursive)
LIST="
futoshiki_4x4_t  4dt#pzc-4
futoshiki_5x5_e  5de#pzc-5
futoshiki_5x5_k  5dk#pzc-5
futoshiki_6x6_x  6dx#pzc-6
futoshiki_7x7_r  7dr#pzc-7
"

echo "$LIST" | while read -r name spec; do
  [ -n "$name" ] || continue
  if [ $# -gt 0 ]; then
    case " $* " in *" $name "*) ;; *) continue ;; esac
  fi
  id=$("$GEN" --generate 1 "$spec" 2>/dev/null)
  echo "$id" > "$name.unequal"
  ./gameid2pz.py "$name" "$id" --source "sgt-unequal --generate 1 '$spec' (sgt-puzzles 20230122); game ID in $name.unequal" > "$name.pz"
  echo "$name: $id"
done
