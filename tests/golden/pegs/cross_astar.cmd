pzc search puzzles/pegs/pegs.pz puzzles/pegs/pegs_7x7_cross.pz --strategy astar --stats | grep -v -e '^time:' -e '^memory'
