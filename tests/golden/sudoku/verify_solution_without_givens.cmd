pzc verify puzzles/sudoku/sudoku.pz puzzles/sudoku/sudoku_9x9_basic.pz --grid '7..4..13./.3419.6../915.76824/429..358./16.925.73/.738..296/34251.768/..7.3491./.91..7..5'
