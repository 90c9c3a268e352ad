pzc generate puzzles/kakuro/kakuro.pz --keep-clues --seed 1
