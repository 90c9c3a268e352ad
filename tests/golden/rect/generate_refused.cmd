pzc generate puzzles/rect/rect.pz --size 5x5 --count 2 --seed 1
