pzc grade puzzles/slitherlink/slitherlink.pz puzzles/slitherlink/slitherlink_7x7_n.pz
