pzc search puzzles/npuzzle/npuzzle.pz tests/golden/failure/npuzzle_rows_not_a_number.txt
