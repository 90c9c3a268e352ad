pzc generate puzzles/tapa/tapa.pz --size 4x4 --count 2 --seed 1 --jobs 1
