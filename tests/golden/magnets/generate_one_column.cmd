pzc generate puzzles/magnets/magnets.pz --size 1x5 --count 2
