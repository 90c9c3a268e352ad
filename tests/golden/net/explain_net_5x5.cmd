pzc explain puzzles/net/net.pz puzzles/net/net_5x5.pz
