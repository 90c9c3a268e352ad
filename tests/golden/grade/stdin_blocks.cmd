pzc grade puzzles/lightup/lightup.pz - --no-time < tests/golden/grade/data/lightup/generated_7x7.pz
