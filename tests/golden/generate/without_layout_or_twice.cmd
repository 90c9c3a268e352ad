pzc generate puzzles/undead/undead.pz --size 5x5 --length totals=3 --without board 2>&1; pzc generate puzzles/undead/undead.pz --size 5x5 --length totals=3 --without monsters --without monsters
