pzc generate puzzles/nonogram/nonogram.pz --length rows=6 --length cols=8 --keep-clues --difficulty tricky --count 2 --seed 1
