pzc solve puzzles/slant/slant.pz tests/golden/slant/loop_2x2.pz
