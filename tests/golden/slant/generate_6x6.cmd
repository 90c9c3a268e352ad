pzc generate puzzles/slant/slant.pz --size 6x6 --count 2 --seed 1
