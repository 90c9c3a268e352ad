pzc unique puzzles/hitori/hitori.pz puzzles/hitori/hitori_8x8_e.pz
