pzc search puzzles/npuzzle/npuzzle.pz seed_example --strategy idastar --heuristic nosuch
