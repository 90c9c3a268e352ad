pzc unique puzzles/flip/flip.pz puzzles/flip/flip_6x6.pz 2>&1; echo "exit $?"; pzc unique puzzles/flip/flip.pz puzzles/flip/flip_10x10.pz --engine z3
