pzc grade puzzles/lightup/lightup.pz puzzles/lightup/lightup_7x7_a.lightup tests/golden/grade/data/lightup/open_3x3.txt --no-time
