pzc unique puzzles/clues/car.pz
