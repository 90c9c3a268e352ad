pzc unique --engine z3 puzzles/aquarium/aquarium.pz puzzles/aquarium/aquarium_10x10_f.pz
