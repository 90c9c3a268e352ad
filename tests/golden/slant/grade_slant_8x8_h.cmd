pzc grade puzzles/slant/slant.pz puzzles/slant/slant_8x8_h.pz
