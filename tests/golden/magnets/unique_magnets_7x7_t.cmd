pzc unique puzzles/magnets/magnets.pz puzzles/magnets/magnets_7x7_t.pz
