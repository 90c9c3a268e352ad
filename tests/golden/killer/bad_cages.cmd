pzc unique puzzles/killer/killer.pz tests/golden/killer/bad_cages.pz
