pzc generate-clues puzzles/clues/car.pz --classify nope --json
