pzc count puzzles/tracks/tracks.pz puzzles/tracks/tracks_times9.pz
