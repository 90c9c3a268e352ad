pzc generate puzzles/clues/car.pz --clues 2 --seed 1 --format json
