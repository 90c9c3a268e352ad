pzc explain puzzles/galaxies/galaxies.pz puzzles/galaxies/galaxies_5x5_n.pz
