pzc unique puzzles/range/range.pz puzzles/range/range_7x7.pz --engine z3
