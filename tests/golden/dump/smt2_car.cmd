pzc dump --stage=smt2 puzzles/clues/car.pz
