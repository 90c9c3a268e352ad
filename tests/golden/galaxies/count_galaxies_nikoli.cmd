pzc count puzzles/galaxies/galaxies.pz puzzles/galaxies/galaxies_nikoli.pz
