pzc generate puzzles/cave/cave.pz --size 5x5 --difficulty hard --count 2 --seed 1 --jobs 1
