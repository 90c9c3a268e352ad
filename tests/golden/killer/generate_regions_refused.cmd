pzc generate puzzles/killer/killer.pz --given box=2 --size 4x4 --regions 3 --seed 1
