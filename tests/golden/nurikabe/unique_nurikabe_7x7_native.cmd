pzc unique puzzles/nurikabe/nurikabe.pz puzzles/nurikabe/nurikabe_7x7.pz --engine native
