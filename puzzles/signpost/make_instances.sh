#!/bin/sh
# Regenerates the bundled Signpost instances from sgt-signpost (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The loop is ../sgt_instances.sh; the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GAME=signpost
GEN=${SGT_SIGNPOST:-/usr/games/sgt-signpost}

# name  params#seed   (params: WxH, c = start and end in corners; Tatham's generator has one level)
LIST="
signpost_4x4   4x4c#pzc-4
signpost_5x5   5x5c#pzc-5
signpost_6x6   6x6c#pzc-6
signpost_7x7   7x7c#pzc-7
signpost_8x8   8x8#pzc-8
"

. ../sgt_instances.sh
