pzc search puzzles/statespace/jugs.pz die_hard /dev/full
