pzc explain puzzles/tracks/tracks.pz puzzles/tracks/tracks_6x6_e.pz
