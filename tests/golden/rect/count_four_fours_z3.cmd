pzc count puzzles/rect/rect.pz --given 'clues=".4../..4./.4../..4."' --engine z3
