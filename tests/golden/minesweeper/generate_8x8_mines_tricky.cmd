pzc generate puzzles/minesweeper/minesweeper.pz --size 8x8 --given mines=10 --difficulty tricky --count 2 --seed 1 --jobs 1
