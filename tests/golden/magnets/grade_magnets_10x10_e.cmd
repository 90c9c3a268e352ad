pzc grade puzzles/magnets/magnets.pz puzzles/magnets/magnets_10x10_e.pz
