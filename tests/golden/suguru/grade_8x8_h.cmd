pzc grade puzzles/suguru/suguru.pz puzzles/suguru/suguru_8x8_h.pz
