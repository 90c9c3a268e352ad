pzc metrics puzzles/clues/einstein.pz --method entail --time-limit 0.000001
