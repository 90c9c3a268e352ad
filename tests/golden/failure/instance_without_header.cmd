pzc solve puzzles/lightup/lightup.pz tests/golden/failure/instance_without_header.txt
