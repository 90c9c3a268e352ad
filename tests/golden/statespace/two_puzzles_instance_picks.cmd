pzc search tests/golden/statespace/frogs_and_jugs.pz die_hard
