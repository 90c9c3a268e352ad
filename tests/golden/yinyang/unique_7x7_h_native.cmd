pzc unique puzzles/yinyang/yinyang.pz puzzles/yinyang/yinyang_7x7_h.pz --engine native
