pzc search puzzles/statespace/jugs.pz die_hard --given want=7 --json
