pzc explain tests/golden/failure/explain_stuck_open_cells.pz
