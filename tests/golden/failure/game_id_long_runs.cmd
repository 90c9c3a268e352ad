{ printf '3x3:'; head -c 2000000 /dev/zero | tr '\000' z; echo; } | pzc solve puzzles/sudoku/sudoku.pz -
