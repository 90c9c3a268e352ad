pzc unique puzzles/tents/tents.pz puzzles/tents/tents_8x8_e.pz
