pzc solve puzzles/galaxies/galaxies.pz puzzles/galaxies/galaxies_7x7_n.pz | pzc verify puzzles/galaxies/galaxies.pz puzzles/galaxies/galaxies_7x7_n.pz --grid -
