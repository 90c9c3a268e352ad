pzc dump --stage=ir tests/golden/dump/classify_demorgan_and_two_sided_sum.pz
