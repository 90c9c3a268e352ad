pzc unique puzzles/yinyang/yinyang.pz puzzles/yinyang/yinyang_8x8_f.pz --engine z3
