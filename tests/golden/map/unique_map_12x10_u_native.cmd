pzc unique puzzles/map/map.pz puzzles/map/map_12x10_u.pz --engine native
