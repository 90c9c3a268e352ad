pzc unique puzzles/futoshiki/futoshiki.pz puzzles/futoshiki/futoshiki_5x5_e.pz
