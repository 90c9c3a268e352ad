pzc unique puzzles/slant/slant.pz puzzles/slant/slant_12x10_h.pz --engine native
