pzc grade puzzles/galaxies/galaxies.pz puzzles/galaxies/galaxies_7x7_n.pz
