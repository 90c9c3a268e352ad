pzc check puzzles/aquarium/aquarium.pz puzzles/aquarium/aquarium_4x4_e.pz --given 'tanks="DBBA/CAAA/EEAA/EEEB"' --given 'rows=[null, 5, 2, null]'
