pzc count puzzles/net/net.pz tests/golden/net/ring.pz
