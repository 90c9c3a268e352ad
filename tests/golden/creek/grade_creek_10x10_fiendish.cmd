pzc grade puzzles/creek/creek.pz puzzles/creek/creek_10x10_fiendish.pz
