pzc count puzzles/kropki/kropki.pz puzzles/kropki/kropki_9x9_h.pz --engine z3
