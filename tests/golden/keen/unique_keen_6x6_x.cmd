pzc unique puzzles/keen/keen.pz puzzles/keen/keen_6x6_x.pz
