pzc unique puzzles/slant/slant.pz puzzles/slant/slant_5x5_h.pz --engine z3
