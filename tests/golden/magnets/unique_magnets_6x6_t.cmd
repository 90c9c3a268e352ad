pzc unique puzzles/magnets/magnets.pz puzzles/magnets/magnets_6x6_t.pz
