pzc count puzzles/pearl/pearl.pz tests/golden/pearl/two_loops.pz
