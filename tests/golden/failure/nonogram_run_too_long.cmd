pzc solve puzzles/nonogram/nonogram.pz --given 'rows=[[6],[1]]' --given 'cols=[[1],[1],[1],[1],[1]]'
