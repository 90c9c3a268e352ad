pzc grade puzzles/slitherlink/slitherlink.pz tests/golden/grade/data/size/slitherlink_5x5.pz --no-time; pzc grade puzzles/slant/slant.pz tests/golden/grade/data/size/slant_6x6.pz --no-time
