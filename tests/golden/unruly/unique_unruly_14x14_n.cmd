pzc unique puzzles/unruly/unruly.pz puzzles/unruly/unruly_14x14_n.pz
