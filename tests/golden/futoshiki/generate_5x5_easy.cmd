pzc generate puzzles/futoshiki/futoshiki.pz --size 5x5 --count 2 --seed 1 --difficulty easy
