pzc metrics puzzles/clues/car.pz --method entail
