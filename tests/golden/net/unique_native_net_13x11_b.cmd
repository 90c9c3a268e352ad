pzc unique --engine native puzzles/net/net.pz puzzles/net/net_13x11_b.pz
