pzc solve puzzles/sudoku/sudoku.pz --given box=-1 --given 'clues="."' 2>&1; echo "exit $?"; pzc generate puzzles/killer/killer.pz --given box=0 --keep-clues --seed 1 --count 1
