pzc explain puzzles/rect/rect.pz puzzles/rect/rect_5x5.pz
