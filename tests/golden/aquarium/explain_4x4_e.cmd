pzc explain puzzles/aquarium/aquarium.pz puzzles/aquarium/aquarium_4x4_e.pz
