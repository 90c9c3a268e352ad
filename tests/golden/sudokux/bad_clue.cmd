pzc unique puzzles/sudokux/sudokux.pz puzzles/sudokux/sudokux_4x4_e.pz --given 'clues="...5/..3./..../..1."'
