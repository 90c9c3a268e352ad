pzc unique puzzles/slitherlink/slitherlink.pz puzzles/slitherlink/slitherlink_10x10_t.pz --engine native
