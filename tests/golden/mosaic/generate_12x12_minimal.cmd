pzc generate puzzles/mosaic/mosaic.pz --size 12x12 --count 1 --seed 1 --jobs 1
