pzc search puzzles/npuzzle/npuzzle.pz --strategy breadth tests/golden/npuzzle/seed_input.txt /tmp/pzc_golden_npuzzle_breadth.txt && cat /tmp/pzc_golden_npuzzle_breadth.txt
