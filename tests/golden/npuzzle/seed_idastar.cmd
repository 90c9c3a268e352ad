pzc search puzzles/npuzzle/npuzzle.pz --strategy ida-star tests/golden/npuzzle/seed_input.txt /tmp/pzc_golden_npuzzle_idastar.txt && cat /tmp/pzc_golden_npuzzle_idastar.txt
