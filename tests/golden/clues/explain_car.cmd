pzc explain puzzles/clues/car.pz
