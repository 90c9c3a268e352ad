pzc generate puzzles/undead/undead.pz --size 5x5 --length totals=3 --count 2 --seed 1 --without monsters
