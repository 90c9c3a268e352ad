pzc unique puzzles/slitherlink/slitherlink.pz puzzles/slitherlink/slitherlink_7x7_h.pz --engine z3
