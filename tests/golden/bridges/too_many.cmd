pzc solve puzzles/bridges/bridges.pz tests/golden/bridges/too_many.pz
