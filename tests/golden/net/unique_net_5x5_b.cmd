pzc unique puzzles/net/net.pz puzzles/net/net_5x5_b.pz
