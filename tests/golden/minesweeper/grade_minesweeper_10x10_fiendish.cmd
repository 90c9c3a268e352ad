pzc grade puzzles/minesweeper/minesweeper.pz puzzles/minesweeper/minesweeper_10x10_fiendish.pz
