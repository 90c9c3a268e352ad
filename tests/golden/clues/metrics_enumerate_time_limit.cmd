pzc metrics tests/golden/clues/many_candidates.pz --given n=30 --method enumerate --enumeration-limit 100000000 --time-limit 0.05
