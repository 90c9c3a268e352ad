pzc generate-clues puzzles/clues/car.pz --clues 3 --classify top --seed 1 --json
