pzc grade puzzles/sudokux/sudokux.pz puzzles/sudokux/sudokux_9x9_h.pz
