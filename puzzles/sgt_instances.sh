#!/bin/sh
# The loop shared by the make_instances.sh of the folders whose instances come from one
# of Debian's sgt-puzzles generators (towers/, unruly/, keen/ and the others that
# INSTANCES.md lists). Sourced, with these set:
#   GAME  the sgt program's name without "sgt-" (towers); the game ID goes to NAME.GAME
#   GEN   the generator (default /usr/games/sgt-GAME; SGT_<GAME> in the environment wins)
#   LIST  lines "name params#seed"
# and the script's arguments: the names to make (default: all). Each game ID is
# converted by the folder's gameid2pz.py. The generator is deterministic for a given
# "params#seed" string, so LIST reproduces the files.
set -eu
echo "$LIST" | while read -r name spec; do
  [ -n "$name" ] || continue
  if [ $# -gt 0 ]; then
    case " $* " in *" $name "*) ;; *) continue ;; esac
  fi
  id=$("$GEN" --generate 1 "$spec" 2>/dev/null)
  echo "$id" > "$name.$GAME"
  ./gameid2pz.py "$name" "$id" --source "sgt-$GAME --generate 1 '$spec' (sgt-puzzles 20230122); game ID in $name.$GAME" > "$name.pz"
  echo "$name: $id"
done
