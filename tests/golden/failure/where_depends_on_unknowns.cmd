pzc solve tests/golden/failure/where_depends_on_unknowns.pz
