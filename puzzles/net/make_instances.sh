#!/bin/sh
# Regenerates the bundled Net instances from sgt-net (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The loop is ../sgt_instances.sh; the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GAME=net
GEN=${SGT_NET:-/usr/games/sgt-net}

# name  params#seed   (params: WxH, b: the fraction of possible barriers placed; no
# wrapping; Tatham's generator makes the solution unique)
LIST="
net_5x5       5x5#pzc-5
net_5x5_b     5x5b0.2#pzc-5b
net_7x7       7x7#pzc-7
net_9x9       9x9#pzc-9
net_11x11     11x11#pzc-11
net_13x11_b   13x11b0.1#pzc-13b
"

. ../sgt_instances.sh
