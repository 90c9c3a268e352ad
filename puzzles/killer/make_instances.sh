#!/bin/sh
# Regenerates the bundled Killer Sudoku instances: a cage layout from make_cages.py (fixed
# seed), then `pzc generate --keep-clues` draws a solution and writes every cage's sum,
# proved unique by Z3. The same pzc gives the same files.
# Usage: make_instances.sh [PZC]   (default: ../../build/pzc)
set -eu
cd "$(dirname "$0")"
PZC=${1:-../../build/pzc}
# make NAME N CAGE_SEED MAX_CAGE GENERATE_SEED [pzc options...]
make() {
  name=$1 n=$2 cseed=$3 most=$4 gseed=$5
  shift 5
  cages=$(python3 make_cages.py "$n" "$cseed" --max "$most")
  out=$("$PZC" generate killer.pz "$@" --given "cages=\"$cages\"" --keep-clues --seed "$gseed" --count 1)
  {
    echo "-- Killer Sudoku, every cage with its sum; $(echo "$out" | head -1 | sed 's/^-- pzc generate #1 of 1 (seed [0-9]*): //')."
    echo "-- Made by make_instances.sh: make_cages.py $n $cseed --max $most, then"
    echo "--   pzc generate killer.pz ${*:+$* }--given cages=... --keep-clues --seed $gseed --count 1"
    echo "$out" | sed -n '2,$p' | sed "s/^instance gen_s${gseed}_1 of/instance $name of/" | python3 -c '
import re, sys
s = sys.stdin.read()
m = re.search(r"  cages = \"([^\"]*)\"", s)
s = s.replace(m.group(0), "  cages = grid {\n" + "".join("    " + r + "\n" for r in m.group(1).split("/")) + "  }")
sys.stdout.write(s)'
  } > "$name.pz"
}
make killer_4x4 4 3 3 1 --given box=2
make killer_9x9 9 1 5 1
make killer_9x9_b 9 4 4 2
