pzc generate tests/golden/generate/given_at_file.pz --given board=@tests/golden/generate/given_at_file_board.txt --length hint=3 --count 1 --seed 1
