pzc grade puzzles/flip/flip.pz puzzles/flip/flip_7x7.pz
