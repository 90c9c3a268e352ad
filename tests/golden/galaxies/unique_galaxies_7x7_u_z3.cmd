pzc unique puzzles/galaxies/galaxies.pz puzzles/galaxies/galaxies_7x7_u.pz --engine z3
