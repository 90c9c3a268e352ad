pzc unique puzzles/hitori/hitori.pz puzzles/hitori/hitori_10x10_k.pz
