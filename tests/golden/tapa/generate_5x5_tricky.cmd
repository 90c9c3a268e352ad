pzc generate puzzles/tapa/tapa.pz --size 5x5 --difficulty tricky --count 2 --seed 1 --jobs 1
