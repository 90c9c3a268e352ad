pzc show puzzles/clues/car.pz --audience novice
