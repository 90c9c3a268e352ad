pzc generate puzzles/killer/killer.pz --regions 3 --keep-clues
