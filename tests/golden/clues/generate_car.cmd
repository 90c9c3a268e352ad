pzc generate puzzles/clues/car.pz --clues 2 --classify top,body --seed 1
