pzc show puzzles/clues/car.pz --audience expert
