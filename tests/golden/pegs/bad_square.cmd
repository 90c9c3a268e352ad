pzc search puzzles/pegs/pegs.pz tests/golden/pegs/bad_square.pz
