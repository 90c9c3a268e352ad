pzc explain puzzles/starbattle/starbattle.pz puzzles/starbattle/sb_6x6.pz
