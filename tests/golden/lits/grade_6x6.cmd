pzc grade puzzles/lits/lits.pz puzzles/lits/lits_6x6.pz
