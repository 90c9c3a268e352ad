pzc explain puzzles/thermometers/thermometers.pz puzzles/thermometers/thermometers_5x5_h.pz
