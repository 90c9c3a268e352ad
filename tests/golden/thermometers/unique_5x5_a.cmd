pzc unique puzzles/thermometers/thermometers.pz puzzles/thermometers/thermometers_5x5_a.pz
