pzc grade puzzles/range/range.pz puzzles/range/range_12x12.pz
