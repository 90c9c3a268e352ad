pzc unique puzzles/kakurasu/kakurasu.pz puzzles/kakurasu/kakurasu_4x4_a.pz
