pzc generate puzzles/mosaic/mosaic.pz --size 6x6 --count 2 --seed 1 --difficulty easy
