pzc generate puzzles/tracks/tracks.pz --size 6x6 --given entry=3 --given exit=4 --difficulty easy --count 2 --seed 1
