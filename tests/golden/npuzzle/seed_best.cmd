pzc search puzzles/npuzzle/npuzzle.pz --strategy best tests/golden/npuzzle/seed_input.txt /tmp/pzc_golden_npuzzle_best.txt && cat /tmp/pzc_golden_npuzzle_best.txt
