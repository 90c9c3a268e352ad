pzc generate puzzles/kakuro/kakuro.pz --size 6x6 --keep-clues --seed 1
