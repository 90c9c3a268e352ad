pzc generate puzzles/starbattle/starbattle.pz
