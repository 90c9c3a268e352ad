pzc check tests/golden/failure/instance_without_end.pz a
