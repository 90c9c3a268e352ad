#!/bin/sh
# Regenerates the bundled Nurikabe instances (except nurikabe_4x4_four, written by hand).
# Usage: make_instances.sh [PZC]   (default: ../../build/pzc)
# make_instances.py draws a shading with a fixed seed and keeps it when `pzc unique` says
# it is the only solution of its numbers; the same pzc gives the same files.
set -eu
cd "$(dirname "$0")"
PZC=${1:-../../build/pzc}
./make_instances.py "$PZC" nurikabe_5x5 5x5 1
./make_instances.py "$PZC" nurikabe_7x7 7x7 1
./make_instances.py "$PZC" nurikabe_10x10 10x10 1
