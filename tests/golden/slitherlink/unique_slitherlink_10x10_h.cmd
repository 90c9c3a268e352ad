pzc unique puzzles/slitherlink/slitherlink.pz puzzles/slitherlink/slitherlink_10x10_h.pz
