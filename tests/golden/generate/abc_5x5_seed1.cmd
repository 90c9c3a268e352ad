pzc generate puzzles/abc/abc.pz --given n=5 --given letters={A,B,C} --count 2 --seed 1
