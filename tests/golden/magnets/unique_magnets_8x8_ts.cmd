pzc unique puzzles/magnets/magnets.pz puzzles/magnets/magnets_8x8_ts.pz
