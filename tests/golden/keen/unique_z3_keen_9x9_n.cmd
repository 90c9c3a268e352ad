pzc unique --engine z3 puzzles/keen/keen.pz puzzles/keen/keen_9x9_n.pz
