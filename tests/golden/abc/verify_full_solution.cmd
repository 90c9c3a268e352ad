pzc verify puzzles/abc/abc.pz puzzles/abc/abc_6x6_a.pz --grid 'XABCXD/BCDXAX/ABXXDC/CDABXX/DXXACB/XXCDBA'
