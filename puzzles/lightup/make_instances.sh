#!/bin/sh
# Regenerates the bundled Light Up instances from sgt-lightup (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all; an existing NAME.lightup is kept unless FORCE=1)
# The generator is deterministic for a given "params#seed" string, so the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GEN=${SGT_LIGHTUP:-/usr/games/sgt-lightup}
TIMEOUT=${TIMEOUT:-3600}

# name  params#seed   (params: WxH, bNN = % black squares, sN = symmetry (2 = 180-degree rotation),
#                      dN = difficulty 0 easy, 1 tricky, 2 hard)
LIST="
lightup_7x7_a       7x7b20s2d0#pzc-7a
lightup_7x7_b       7x7b20s2d2#pzc-7b
lightup_10x10_d0    10x10b20s2d0#pzc-10
lightup_10x10_d1    10x10b20s2d1#pzc-10
lightup_10x10_d2    10x10b20s2d2#pzc-10
lightup_14x14       14x14b20s2d1#pzc-14
lightup_20x20       20x20b20s2d1#pzc-20
lightup_30x30       30x30b20s2d1#pzc-30
lightup_60x60       60x60b20s2d0#pzc-60
lightup_100x100     100x100b20s2d0#pzc-100
lightup_30x30_d2    30x30b20s2d2#pzc-30
lightup_60x60_d2    60x60b20s2d2#pzc-60
lightup_100x100_d2  100x100b20s2d2#pzc-100
"

echo "$LIST" | while read -r name spec; do
  [ -n "$name" ] || continue
  if [ $# -gt 0 ]; then
    case " $* " in *" $name "*) ;; *) continue ;; esac
  fi
  if [ -s "$name.lightup" ] && [ "${FORCE:-0}" != 1 ]; then continue; fi
  start=$(date +%s)
  id=$(timeout "$TIMEOUT" "$GEN" --generate 1 "$spec" 2>/dev/null) || { echo "$name: generator failed or timed out" >&2; continue; }
  end=$(date +%s)
  printf '%s\n' "$id" > "$name.lightup"
  python3 gameid2pz.py "$name" "$id" \
    --source "sgt-lightup --generate 1 '$spec' (sgt-puzzles 20230122), $((end - start)) s; game ID in $name.lightup" \
    > "$name.pz"
  echo "$name: $((end - start)) s"
done
