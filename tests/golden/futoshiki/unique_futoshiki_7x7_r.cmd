pzc unique puzzles/futoshiki/futoshiki.pz puzzles/futoshiki/futoshiki_7x7_r.pz
