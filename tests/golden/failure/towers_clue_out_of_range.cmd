pzc unique puzzles/towers/towers.pz tests/golden/failure/towers_clue_out_of_range.pz
