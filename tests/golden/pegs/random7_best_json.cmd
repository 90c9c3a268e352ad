pzc search puzzles/pegs/pegs.pz puzzles/pegs/pegs_7x7_random.pz --strategy best --json
