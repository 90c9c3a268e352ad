pzc count tests/golden/language/aux_ring.pz
