#!/bin/sh
# Regenerates the bundled Galaxies instances from sgt-galaxies (Debian package sgt-puzzles) with fixed seeds.
# Usage: make_instances.sh [NAME...]   (default: all)
# The loop is ../sgt_instances.sh; the IDs below reproduce the files.
# galaxies_nikoli.pz (Nikoli's example from galaxies.c) is written by hand, not made here.
set -eu
cd "$(dirname "$0")"
GAME=galaxies
GEN=${SGT_GALAXIES:-/usr/games/sgt-galaxies}

# name  params#seed   (params: WxH, dX: n normal, u unreasonable)
LIST="
galaxies_5x5_n     5x5dn#pzc-5
galaxies_7x7_n     7x7dn#pzc-7
galaxies_7x7_u     7x7du#pzc-7u
galaxies_10x10_n   10x10dn#pzc-10
galaxies_15x15_u   15x15du#pzc-15
"

. ../sgt_instances.sh
