pzc verify puzzles/lightup/lightup.pz puzzles/lightup/lightup_10x10_d0.pz --grid tests/golden/lightup/solve_picture_10x10_d0.txt
