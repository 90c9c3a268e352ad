pzc generate puzzles/battleships/battleships.pz --size 6x6 --given 'fleet=[0, 0, 0, 5]' --seed 1
