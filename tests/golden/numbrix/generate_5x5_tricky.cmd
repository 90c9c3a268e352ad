pzc generate puzzles/numbrix/numbrix.pz --size 5x5 --count 1 --seed 2 --difficulty tricky --format json
