pzc generate-clues puzzles/clues/car.pz --clues 2,3,4,5 --classify top,body --seed 1
