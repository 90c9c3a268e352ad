pzc unique puzzles/range/range.pz puzzles/range/range_10x10.pz
