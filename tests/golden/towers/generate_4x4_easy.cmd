pzc generate puzzles/towers/towers.pz --given n=4 --count 2 --seed 1 --difficulty easy
