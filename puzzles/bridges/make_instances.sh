#!/bin/sh
# Regenerates the bundled Bridges instances from sgt-bridges (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The loop is ../sgt_instances.sh; the IDs below reproduce the files.
set -eu
cd "$(dirname "$0")"
GAME=bridges
GEN=${SGT_BRIDGES:-/usr/games/sgt-bridges}

# name  params#seed   (params: WxH, i: islands per 100 squares, e: expansion, m: most
# bridges between two islands, d: difficulty 0 easy, 1 medium, 2 hard)
LIST="
bridges_7x7_e     7x7i30e10m2d0#pzc-7e
bridges_7x7_h     7x7i30e10m2d2#pzc-7h
bridges_10x10_e   10x10i30e10m2d0#pzc-10e
bridges_10x10_m   10x10i30e10m2d1#pzc-10m
bridges_10x10_h   10x10i30e10m2d2#pzc-10h
bridges_15x15_h   15x15i30e10m2d2#pzc-15h
bridges_20x20_h   20x20i30e10m2d2#pzc-20h
"

. ../sgt_instances.sh
