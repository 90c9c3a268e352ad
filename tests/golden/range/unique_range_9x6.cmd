pzc unique puzzles/range/range.pz puzzles/range/range_9x6.pz
