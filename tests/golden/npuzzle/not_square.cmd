pzc search puzzles/npuzzle/npuzzle.pz --strategy idastar tests/golden/npuzzle/not_square_input.txt
