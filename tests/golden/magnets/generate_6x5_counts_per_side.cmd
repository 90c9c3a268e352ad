pzc generate puzzles/magnets/magnets.pz --size 6x5 --count 1 --difficulty easy
