pzc unique puzzles/hitori/hitori.pz puzzles/hitori/hitori_12x12_k.pz
