pzc generate puzzles/filling/filling.pz --size 4x4 --count 1 --seed 2 --difficulty tricky
