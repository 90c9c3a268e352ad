pzc generate puzzles/jigsaw/jigsaw.pz --size 6x6 --count 2 --seed 1 --jobs 1 2>&1; echo "exit $?"; pzc generate puzzles/jigsaw/jigsaw.pz --size 6x6 --difficulty tricky --count 2 --seed 1 --jobs 1
