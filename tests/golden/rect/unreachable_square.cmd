pzc solve puzzles/rect/rect.pz --given 'clues="6.../..../...6/...."'
