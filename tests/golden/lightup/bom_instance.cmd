pzc solve puzzles/lightup/lightup.pz tests/golden/lightup/bom_instance.lightup
