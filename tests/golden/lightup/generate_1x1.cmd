pzc generate puzzles/lightup/lightup.pz --size 1x1 --count 1 --seed 1
