pzc explain tests/golden/language/direct_check_unplaced.pz
