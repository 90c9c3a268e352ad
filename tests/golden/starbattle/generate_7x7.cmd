pzc generate puzzles/starbattle/starbattle.pz --seed 1
