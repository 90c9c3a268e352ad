pzc generate puzzles/magnets/magnets.pz --size 6x6 --count 1
