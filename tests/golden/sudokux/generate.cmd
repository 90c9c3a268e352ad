pzc generate puzzles/sudokux/sudokux.pz --given box=2 --count 2 --seed 1 --jobs 1 2>&1; echo "exit $?"; pzc generate puzzles/sudokux/sudokux.pz --difficulty tricky --count 2 --seed 1 --jobs 1
