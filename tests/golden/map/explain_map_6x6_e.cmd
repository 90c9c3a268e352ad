pzc explain puzzles/map/map.pz puzzles/map/map_6x6_e.pz
