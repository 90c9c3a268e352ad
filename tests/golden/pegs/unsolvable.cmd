pzc search puzzles/pegs/pegs.pz tests/golden/pegs/unsolvable.pz --strategy best
