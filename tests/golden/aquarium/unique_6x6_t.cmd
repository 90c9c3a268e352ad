pzc unique puzzles/aquarium/aquarium.pz puzzles/aquarium/aquarium_6x6_t.pz
