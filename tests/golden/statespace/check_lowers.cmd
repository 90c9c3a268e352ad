pzc check tests/golden/statespace/two_goals.pz
