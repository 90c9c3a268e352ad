pzc unique puzzles/mosaic/mosaic.pz puzzles/mosaic/mosaic_10x10.pz
