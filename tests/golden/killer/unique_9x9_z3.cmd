pzc unique --engine z3 puzzles/killer/killer.pz puzzles/killer/killer_9x9.pz
