pzc verify puzzles/tents/tents.pz tests/golden/tents/hall.pz --grid '*-*/---/---'
