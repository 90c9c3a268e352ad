pzc unique puzzles/map/map.pz puzzles/map/map_30x25_h.pz --engine z3
