pzc grade puzzles/flip/flip.pz puzzles/flip/flip_12x12.pz puzzles/flip/flip_20x20.pz --no-time
