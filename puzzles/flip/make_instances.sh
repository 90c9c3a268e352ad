#!/bin/sh
# Flip instances from Debian's sgt-puzzles (20230122): `sgt-flip --generate` with fixed
# seeds, the crosses pattern (`c`), each game ID converted by gameid2pz.py and kept in a
# .flip file next to its .pz. Run from the repository root.
set -eu
cd "$(dirname "$0")"
for size in 5x5 6x6 7x7 10x10 12x12 20x20; do
  id=$(/usr/games/sgt-flip --generate 1 "${size}c#pzc-$size" 2>/dev/null)
  echo "$id" > "flip_$size.flip"
  python3 gameid2pz.py "$id" "flip_$size" "sgt-flip --generate 1 '${size}c#pzc-$size' (sgt-puzzles 20230122); game ID in flip_$size.flip" > "flip_$size.pz"
done
