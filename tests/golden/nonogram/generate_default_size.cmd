pzc generate puzzles/nonogram/nonogram.pz --seed 1
