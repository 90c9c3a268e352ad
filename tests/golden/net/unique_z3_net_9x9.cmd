pzc unique --engine z3 puzzles/net/net.pz puzzles/net/net_9x9.pz
