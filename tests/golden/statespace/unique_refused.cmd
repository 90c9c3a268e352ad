pzc unique puzzles/statespace/jugs.pz die_hard
