pzc unique puzzles/mosaic/mosaic.pz puzzles/mosaic/mosaic_5x5.pz
