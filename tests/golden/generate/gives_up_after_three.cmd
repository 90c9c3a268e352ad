pzc generate puzzles/lightup/lightup.pz --size 2x2 --count 4 --seed 1
