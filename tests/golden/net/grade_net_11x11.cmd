pzc grade puzzles/net/net.pz puzzles/net/net_11x11.pz
