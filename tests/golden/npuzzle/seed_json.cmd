pzc search puzzles/npuzzle/npuzzle.pz --strategy astar --json tests/golden/npuzzle/seed_input.txt
