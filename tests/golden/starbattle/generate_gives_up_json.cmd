pzc generate puzzles/starbattle/starbattle.pz --size 6x6 --difficulty easy --max-attempts 3 --seed 1 --json
