pzc generate puzzles/kakuro/kakuro.pz --size 6x6 --seed 1
