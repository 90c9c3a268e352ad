pzc unique puzzles/magnets/magnets.pz puzzles/magnets/magnets_10x10_t.pz --engine z3
