pzc generate puzzles/undead/undead.pz --size 5x5 --length totals=3 --without bogus
