pzc metrics puzzles/clues/car.pz
