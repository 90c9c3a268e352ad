pzc solve puzzles/pearl/pearl.pz tests/golden/pearl/bad_pearl.pz
