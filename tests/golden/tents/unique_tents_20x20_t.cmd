pzc unique puzzles/tents/tents.pz puzzles/tents/tents_20x20_t.pz
