head -n 3 bench/grading/lightup_d0.txt | pzc grade puzzles/lightup/lightup.pz - --no-time
