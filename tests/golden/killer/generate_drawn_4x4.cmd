pzc generate puzzles/killer/killer.pz --given box=2 --count 2 --seed 1
