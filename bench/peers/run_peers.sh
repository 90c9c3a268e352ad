#!/bin/sh
# Runs every applicable peer on the given instance files and prints one line per (instance, peer): verdict and times.
# Usage: bench/peers/run_peers.sh FILE...   (.pz instance files of EasyAsABC / LightUp / Sudoku, or .lightup game IDs)
# Needs: python3-z3 (run with /usr/bin/python3), minizinc (Gecode), cadical.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
PY=/usr/bin/python3
for f in "$@"; do
  puzzle=$(sed -n 's/^ *instance  *[A-Za-z0-9_]*  *of  *\([A-Za-z0-9_]*\).*/\1/p' "$f" | head -n 1)
  case "$f" in *.lightup) puzzle=LightUp ;; esac
  case "$puzzle" in
    LightUp)   peers="lightup_z3.py lightup_cnf.py mzn_peer.py" ;;
    EasyAsABC) peers="abc_z3.py mzn_peer.py" ;;
    Sudoku)    peers="sudoku_z3.py" ;;
    *) echo "$f: no peer for puzzle '$puzzle'" >&2; continue ;;
  esac
  for p in $peers; do
    printf '%-16s ' "$p"
    $PY "$HERE/$p" "$f" || echo "FAILED $f"
  done
done
