pzc hint puzzles/lightup/lightup.pz puzzles/lightup/lightup_7x7_a.pz --grid '*1*.*../....1.*/..*..#1/#*3.#*#/1#*..../*.3*.../..*..**' --json
