pzc generate puzzles/towers/towers.pz --given n=4 --size 6x6 --seed 1 --jobs 1
