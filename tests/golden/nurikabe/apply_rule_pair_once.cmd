pzc hint puzzles/nurikabe/nurikabe.pz puzzles/nurikabe/nurikabe_10x10.pz --apply rule-pair
