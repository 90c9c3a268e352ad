pzc unique puzzles/starbattle/starbattle.pz puzzles/starbattle/sb_10x10_2star.pz --engine z3
