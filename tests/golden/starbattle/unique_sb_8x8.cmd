pzc unique puzzles/starbattle/starbattle.pz puzzles/starbattle/sb_8x8.pz
