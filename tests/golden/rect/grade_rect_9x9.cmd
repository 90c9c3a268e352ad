pzc grade puzzles/rect/rect.pz puzzles/rect/rect_9x9.pz
