pzc unique puzzles/futoshiki/futoshiki.pz puzzles/futoshiki/futoshiki_6x6_x.pz
