pzc generate tests/golden/generate/lightup_letter_clues.pz --size 7x7 --seed 1 --count 2 --format tatham
