pzc unique puzzles/flip/flip.pz puzzles/flip/flip_20x20.pz --engine native --time-limit 20 2>&1; echo "exit $?"; pzc solve puzzles/flip/flip.pz puzzles/flip/flip_20x20.pz --time-limit 20
