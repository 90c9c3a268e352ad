pzc grade puzzles/tents/tents.pz puzzles/tents/tents_10x10_t.pz
