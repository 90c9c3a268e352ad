pzc count puzzles/bridges/bridges.pz tests/golden/bridges/side_by_side.pz
