pzc unique puzzles/mosaic/mosaic.pz puzzles/mosaic/mosaic_25x25.pz
