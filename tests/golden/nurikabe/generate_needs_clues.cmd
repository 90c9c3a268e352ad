pzc generate puzzles/nurikabe/nurikabe.pz --count 1
