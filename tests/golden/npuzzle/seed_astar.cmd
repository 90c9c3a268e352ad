pzc search puzzles/npuzzle/npuzzle.pz --strategy a-star tests/golden/npuzzle/seed_input.txt /tmp/pzc_golden_npuzzle_astar.txt && cat /tmp/pzc_golden_npuzzle_astar.txt
