pzc generate tests/golden/failure/generate_collection_no_rule.pz --length rows=3
