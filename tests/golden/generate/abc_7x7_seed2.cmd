pzc generate puzzles/abc/abc.pz --given n=7 --given letters={A,B,C,D,E} --count 2 --seed 2 --jobs 2
