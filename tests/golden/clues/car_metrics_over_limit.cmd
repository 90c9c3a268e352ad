pzc metrics puzzles/clues/car.pz --enumeration-limit 3
