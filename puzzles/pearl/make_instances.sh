#!/bin/sh
# Regenerates the bundled Pearl instances from sgt-pearl (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The loop is ../sgt_instances.sh; the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GAME=pearl
GEN=${SGT_PEARL:-/usr/games/sgt-pearl}

# name  params#seed   (params: WxH, d: difficulty e easy, t tricky)
LIST="
pearl_6x6_e     6x6de#pzc-6e
pearl_6x6_t     6x6dt#pzc-6t
pearl_8x8_e     8x8de#pzc-8e
pearl_8x8_t     8x8dt#pzc-8t
pearl_10x10_t   10x10dt#pzc-10t
pearl_12x12_t   12x12dt#pzc-12t
"

. ../sgt_instances.sh
