pzc grade puzzles/mosaic/mosaic.pz puzzles/mosaic/mosaic_15x15.pz
