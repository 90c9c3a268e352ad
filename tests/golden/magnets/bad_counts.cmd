pzc check puzzles/magnets/magnets.pz puzzles/magnets/magnets_6x6_e.pz --given 'rowPlus=[4, 3, 2, 3, 1, 2]'
