pzc generate puzzles/clues/einstein.pz
