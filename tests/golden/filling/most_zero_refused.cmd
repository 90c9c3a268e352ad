pzc count puzzles/filling/filling.pz --given 'clues="."' --given most=0
