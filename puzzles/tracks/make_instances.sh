#!/bin/sh
# Regenerates the bundled Tracks instances from sgt-tracks (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The loop is ../sgt_instances.sh; the IDs below reproduce the files.
# tracks_times9.pz (The Times puzzle #9 from tracks.c) is written by hand, not made here.
set -eu
cd "$(dirname "$0")"
GAME=tracks
GEN=${SGT_TRACKS:-/usr/games/sgt-tracks}

# name  params#seed   (params: WxH, dX: e easy, t tricky, h hard)
LIST="
tracks_6x6_e    6x6de#pzc-6
tracks_8x8_e    8x8de#pzc-8
tracks_8x8_t    8x8dt#pzc-8t
tracks_10x10_h  10x10dh#pzc-10
tracks_15x15_t  15x15dt#pzc-15
"

. ../sgt_instances.sh
