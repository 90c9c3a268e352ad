pzc solve tests/golden/failure/unknown_key_not_in_map.pz
