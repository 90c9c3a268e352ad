pzc generate puzzles/starbattle/starbattle.pz --size 6x6 --difficulty easy --max-attempts 5 --seed 1
