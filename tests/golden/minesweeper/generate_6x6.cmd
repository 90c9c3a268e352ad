pzc generate puzzles/minesweeper/minesweeper.pz --size 6x6 --count 2 --seed 1 --jobs 1
