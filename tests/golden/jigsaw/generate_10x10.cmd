pzc generate puzzles/jigsaw/jigsaw.pz --size 10x10 --difficulty easy --count 1 --seed 2 --jobs 1 2>&1; echo "exit $?"
