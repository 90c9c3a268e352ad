pzc unique puzzles/rect/rect.pz puzzles/rect/rect_15x15.pz --engine native
