pzc metrics puzzles/clues/einstein.pz --method enumerate
