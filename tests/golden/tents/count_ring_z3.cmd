pzc count puzzles/tents/tents.pz puzzles/tents/tents_3x3_ring.pz --engine z3
