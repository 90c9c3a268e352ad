pzc solve puzzles/nonogram/nonogram.pz --given 'rows=[[1],[1]]' --given 'cols=[[1],[1],[6]]'
