pzc generate-clues puzzles/clues/car.pz --clues 1 --seed 1
