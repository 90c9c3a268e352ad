pzc check puzzles/nurikabe/nurikabe.pz tests/golden/nurikabe/bad_zero.pz
