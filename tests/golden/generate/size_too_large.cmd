pzc generate puzzles/lightup/lightup.pz --size 999999x999999 --jobs 1
