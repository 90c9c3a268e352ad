pzc grade puzzles/aquarium/aquarium.pz puzzles/aquarium/aquarium_8x8_h.pz
