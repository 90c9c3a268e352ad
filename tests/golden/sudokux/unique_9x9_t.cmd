pzc unique puzzles/sudokux/sudokux.pz puzzles/sudokux/sudokux_9x9_t.pz
