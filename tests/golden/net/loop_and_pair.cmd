pzc count puzzles/net/net.pz tests/golden/net/loop_and_pair.pz
