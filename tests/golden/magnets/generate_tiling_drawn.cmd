pzc generate puzzles/magnets/magnets.pz --size 7x7 --count 2 --difficulty tricky
