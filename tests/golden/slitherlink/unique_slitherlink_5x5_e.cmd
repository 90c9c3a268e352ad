pzc unique puzzles/slitherlink/slitherlink.pz puzzles/slitherlink/slitherlink_5x5_e.pz
