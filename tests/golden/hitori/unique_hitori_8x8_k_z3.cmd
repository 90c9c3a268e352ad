pzc unique puzzles/hitori/hitori.pz puzzles/hitori/hitori_8x8_k.pz --engine z3
