pzc generate puzzles/creek/creek.pz --size 7x7 --count 2 --seed 1 --jobs 1
