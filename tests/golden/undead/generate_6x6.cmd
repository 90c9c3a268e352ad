pzc generate puzzles/undead/undead.pz --size 6x6 --length totals=3 --count 1 --seed 1
