pzc unique puzzles/unruly/unruly.pz puzzles/unruly/unruly_6x6_e.pz
