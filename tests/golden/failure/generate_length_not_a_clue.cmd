pzc generate puzzles/nonogram/nonogram.pz --length rowz=5
