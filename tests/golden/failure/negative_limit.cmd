pzc count puzzles/nurikabe/nurikabe.pz puzzles/nurikabe/nurikabe_4x4_four.pz --limit -1
