pzc generate puzzles/nonogram/nonogram.pz --length rows=5 --length cols=5 --count 1 --seed 2
