pzc count puzzles/bridges/bridges.pz tests/golden/bridges/two_groups.pz
