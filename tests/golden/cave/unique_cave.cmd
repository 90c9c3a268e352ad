pzc unique puzzles/cave/cave.pz puzzles/cave/cave_7x7_hard.pz 2>&1; echo "exit $?"; pzc unique puzzles/cave/cave.pz puzzles/cave/cave_10x10_hard.pz --engine z3
