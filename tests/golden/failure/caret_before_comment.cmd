pzc check tests/golden/failure/caret_before_comment.pz
