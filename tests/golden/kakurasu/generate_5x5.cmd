pzc generate puzzles/kakurasu/kakurasu.pz --length rows=5 --length cols=5 --count 2 --seed 1 --difficulty tricky
