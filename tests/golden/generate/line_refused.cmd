pzc generate puzzles/lightup/lightup.pz --line 2 --seed 1
