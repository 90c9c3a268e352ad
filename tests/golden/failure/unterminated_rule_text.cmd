pzc check tests/golden/failure/unterminated_rule_text.pz
