pzc check puzzles/dominosa/dominosa.pz tests/golden/dominosa/bad_number.pz
