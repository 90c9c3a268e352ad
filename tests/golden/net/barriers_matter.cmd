pzc count puzzles/net/net.pz tests/golden/net/barriers_matter.pz
