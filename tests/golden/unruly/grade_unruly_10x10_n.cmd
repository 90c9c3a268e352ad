pzc grade puzzles/unruly/unruly.pz puzzles/unruly/unruly_10x10_n.pz
