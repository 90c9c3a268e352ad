pzc verify tests/golden/language/grid_dots_like_path.pz --grid ../..
