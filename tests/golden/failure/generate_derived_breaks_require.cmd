pzc generate tests/golden/failure/generate_derived_breaks_require.pz --length sums=3 --seed 1
