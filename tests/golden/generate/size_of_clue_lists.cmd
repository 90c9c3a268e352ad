pzc generate puzzles/kakurasu/kakurasu.pz --seed 1 --size 5x6; pzc generate puzzles/nonogram/nonogram.pz --keep-clues --seed 1 --size 4x7
