pzc generate puzzles/battleships/battleships.pz --size 6x6 --given 'fleet=[3, 2, 1]' --count 2 --seed 1
