pzc solve puzzles/lightup/lightup.pz tests/golden/failure/game_id_bad_square.lightup
