pzc generate puzzles/towers/towers.pz --given n=5 --given n=4
