pzc explain puzzles/minesweeper/minesweeper.pz puzzles/minesweeper/minesweeper_5x5_easy.pz
