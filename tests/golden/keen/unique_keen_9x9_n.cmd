pzc unique puzzles/keen/keen.pz puzzles/keen/keen_9x9_n.pz
