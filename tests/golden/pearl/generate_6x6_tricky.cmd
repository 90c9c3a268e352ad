pzc generate puzzles/pearl/pearl.pz --size 6x6 --difficulty tricky --count 2 --seed 4 --jobs 1
