pzc generate puzzles/nonogram/nonogram.pz
