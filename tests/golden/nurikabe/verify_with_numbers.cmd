pzc verify puzzles/nurikabe/nurikabe.pz puzzles/nurikabe/nurikabe_5x5.pz --grid '1####/##-2#/#1###/##1#-/1##3-'
