pzc dump --stage=ast puzzles/clues/car.pz
