pzc solve puzzles/thermometers/thermometers.pz tests/golden/thermometers/bad_instance.pz
