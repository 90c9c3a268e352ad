pzc solve tests/golden/failure/every_error_reported.pz
