pzc check tests/golden/failure/caret_spans_list.pz
