pzc generate puzzles/magnets/magnets.pz --size 10x10 --difficulty easy --count 1 --seed 2
