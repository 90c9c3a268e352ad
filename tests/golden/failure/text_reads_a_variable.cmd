pzc explain tests/golden/failure/text_reads_a_variable.pz
