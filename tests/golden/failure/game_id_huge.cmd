pzc unique puzzles/lightup/lightup.pz tests/golden/failure/game_id_huge.lightup
