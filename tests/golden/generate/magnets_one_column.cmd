pzc generate puzzles/magnets/magnets.pz --size 1x3 --seed 1
