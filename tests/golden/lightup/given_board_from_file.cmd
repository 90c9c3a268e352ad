pzc solve puzzles/lightup/lightup.pz --given board=@tests/golden/lightup/given_board_rows.txt
