pzc unique puzzles/unruly/unruly.pz puzzles/unruly/unruly_8x8_n.pz
