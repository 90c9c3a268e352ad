pzc explain puzzles/map/map.pz puzzles/map/map_8x8_n.pz
