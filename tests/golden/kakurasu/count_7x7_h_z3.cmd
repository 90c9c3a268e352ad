pzc count puzzles/kakurasu/kakurasu.pz puzzles/kakurasu/kakurasu_7x7_h.pz --engine z3
