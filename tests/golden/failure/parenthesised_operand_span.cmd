pzc check tests/golden/failure/parenthesised_operand_span.pz
