pzc unique puzzles/galaxies/galaxies.pz puzzles/galaxies/galaxies_10x10_n.pz --engine native
