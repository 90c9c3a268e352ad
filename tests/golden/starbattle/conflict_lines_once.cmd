pzc solve puzzles/starbattle/starbattle.pz five --given stars=2
