pzc generate puzzles/magnets/magnets.pz --length colPlus=5 --length colPlus=6 2>&1; echo "exit $?"; pzc generate puzzles/magnets/magnets.pz --length colPlus=1000000000
