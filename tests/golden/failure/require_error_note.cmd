pzc check tests/golden/failure/require_error_note.pz
