pzc generate puzzles/bridges/bridges.pz --size 7x7 --keep-clues
