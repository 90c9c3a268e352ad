pzc search puzzles/npuzzle/npuzzle.pz --strategy breadth tests/golden/npuzzle/duplicate_input.txt /tmp/pzc_golden_npuzzle_duplicate.txt
