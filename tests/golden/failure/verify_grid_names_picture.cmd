pzc verify puzzles/thermometers/thermometers.pz puzzles/thermometers/thermometers_5x5_a.pz --grid '...BB/.Q.../AEEE./A...D/A..GD'
