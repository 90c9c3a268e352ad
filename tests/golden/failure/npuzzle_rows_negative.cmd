pzc search puzzles/npuzzle/npuzzle.pz tests/golden/failure/npuzzle_rows_negative.txt
