pzc solve puzzles/abc/abc.pz puzzles/lightup/lightup_7x7_a.pz
