pzc dump puzzles/mosaic/mosaic.pz /dev/zero
