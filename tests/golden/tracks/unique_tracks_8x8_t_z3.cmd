pzc unique puzzles/tracks/tracks.pz puzzles/tracks/tracks_8x8_t.pz --engine z3
