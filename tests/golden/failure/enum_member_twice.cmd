pzc check tests/golden/failure/enum_member_twice.pz
