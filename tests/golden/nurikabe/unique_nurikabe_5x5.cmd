pzc unique puzzles/nurikabe/nurikabe.pz puzzles/nurikabe/nurikabe_5x5.pz
