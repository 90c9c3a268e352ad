pzc generate puzzles/lightup/lightup.pz --size 99999999999999999999x10
