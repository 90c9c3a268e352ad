pzc unique puzzles/magnets/magnets.pz puzzles/magnets/magnets_10x9_ts.pz --engine native
