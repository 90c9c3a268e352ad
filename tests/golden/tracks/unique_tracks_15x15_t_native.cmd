pzc unique puzzles/tracks/tracks.pz puzzles/tracks/tracks_15x15_t.pz --engine native
