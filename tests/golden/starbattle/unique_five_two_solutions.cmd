pzc unique puzzles/starbattle/starbattle.pz five
