pzc metrics puzzles/futoshiki/futoshiki.pz puzzles/futoshiki/futoshiki_4x4_t.pz
