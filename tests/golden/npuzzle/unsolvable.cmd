pzc search puzzles/npuzzle/npuzzle.pz --strategy breadth tests/golden/npuzzle/unsolvable_input.txt /tmp/pzc_golden_npuzzle_unsolvable.txt
