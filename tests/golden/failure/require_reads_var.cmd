pzc check tests/golden/failure/require_reads_var.pz
