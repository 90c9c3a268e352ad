#!/bin/sh
# Regenerates the bundled Hitori instances from sgt-singles (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The generator is deterministic for a given "params#seed" string, so the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GEN=${SGT_SINGLES:-/usr/games/sgt-singles}

# name  params#seed   (params: WxH then dX = difficulty e easy, k tricky)
LIST="
hitori_5x5_e    5x5de#pzc-5
hitori_8x8_e    8x8de#pzc-8
hitori_8x8_k    8x8dk#pzc-8
hitori_10x10_k  10x10dk#pzc-10
hitori_12x12_k  12x12dk#pzc-12
"

echo "$LIST" | while read -r name spec; do
  [ -n "$name" ] || continue
  if [ $# -gt 0 ]; then
    case " $* " in *" $name "*) ;; *) continue ;; esac
  fi
  id=$("$GEN" --generate 1 "$spec" 2>/dev/null)
  echo "$id" > "$name.singles"
  ./gameid2pz.py "$name" "$id" --source "sgt-singles --generate 1 '$spec' (sgt-puzzles 20230122); game ID in $name.singles" > "$name.pz"
  echo "$name: $id"
done
