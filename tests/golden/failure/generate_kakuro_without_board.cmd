pzc generate puzzles/kakuro/kakuro.pz --seed 1
