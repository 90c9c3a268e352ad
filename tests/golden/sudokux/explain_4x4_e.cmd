pzc explain puzzles/sudokux/sudokux.pz puzzles/sudokux/sudokux_4x4_e.pz
