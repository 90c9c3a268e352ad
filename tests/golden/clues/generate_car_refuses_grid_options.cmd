pzc generate puzzles/clues/car.pz --clues 2 --difficulty hard --count 3
