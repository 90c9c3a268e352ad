pzc generate puzzles/undead/undead.pz --without bogus --seed 1 2>&1; echo "exit $?"; pzc generate puzzles/undead/undead.pz --without monsters --without monsters --seed 1
