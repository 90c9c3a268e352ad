pzc dump --stage=ir puzzles/clues/car.pz --json
