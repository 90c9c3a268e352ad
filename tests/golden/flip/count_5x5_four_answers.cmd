pzc count puzzles/flip/flip.pz puzzles/flip/flip_5x5.pz 2>&1; echo "exit $?"; pzc unique puzzles/flip/flip.pz puzzles/flip/flip_5x5.pz --engine z3
