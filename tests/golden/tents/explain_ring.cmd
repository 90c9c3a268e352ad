pzc explain puzzles/tents/tents.pz puzzles/tents/tents_3x3_ring.pz
