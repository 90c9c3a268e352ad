pzc search puzzles/npuzzle/npuzzle.pz tests/golden/npuzzle/seed_input.txt tests/golden/npuzzle/seed_input.txt
