pzc generate puzzles/kakuro/kakuro.pz --given 'board="######/##..##/##..../#..#../#....#/###..#"' --keep-clues --count 2 --seed 1 --max-attempts 5000
