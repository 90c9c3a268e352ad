pzc grade puzzles/map/map.pz puzzles/map/map_10x10_h.pz
