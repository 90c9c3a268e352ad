pzc grade puzzles/tracks/tracks.pz puzzles/tracks/tracks_8x8_e.pz
