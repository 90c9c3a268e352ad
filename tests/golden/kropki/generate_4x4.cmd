pzc generate puzzles/kropki/kropki.pz --given box=2 --count 2 --seed 1 --difficulty tricky
