pzc unique --engine z3 puzzles/signpost/signpost.pz puzzles/signpost/signpost_7x7.pz
