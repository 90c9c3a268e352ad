pzc solve puzzles/lightup/lightup.pz tests/golden/failure/bad_game_id.lightup
