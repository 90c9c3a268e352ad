pzc grade puzzles/keen/keen.pz puzzles/keen --no-time
