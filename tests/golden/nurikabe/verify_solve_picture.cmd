pzc verify puzzles/nurikabe/nurikabe.pz puzzles/nurikabe/nurikabe_5x5.pz --grid tests/golden/nurikabe/solved_5x5_picture.txt
