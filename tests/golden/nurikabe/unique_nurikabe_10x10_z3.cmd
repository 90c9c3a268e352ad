pzc unique puzzles/nurikabe/nurikabe.pz puzzles/nurikabe/nurikabe_10x10.pz --engine z3
