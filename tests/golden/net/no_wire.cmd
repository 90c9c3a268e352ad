pzc solve puzzles/net/net.pz tests/golden/net/no_wire.pz
