pzc count puzzles/clues/car.pz
