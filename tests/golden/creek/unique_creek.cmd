pzc unique puzzles/creek/creek.pz puzzles/creek/creek_8x8_hard.pz 2>&1; echo "exit $?"; pzc unique puzzles/creek/creek.pz puzzles/creek/creek_10x10_fiendish.pz --engine z3
