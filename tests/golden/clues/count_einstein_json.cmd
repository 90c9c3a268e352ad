pzc count puzzles/clues/einstein.pz --json
