pzc hint puzzles/bridges/bridges.pz puzzles/bridges/bridges_7x7_e.pz --apply single-rule
