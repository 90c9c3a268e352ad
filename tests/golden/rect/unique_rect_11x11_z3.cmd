pzc unique puzzles/rect/rect.pz puzzles/rect/rect_11x11.pz --engine z3
