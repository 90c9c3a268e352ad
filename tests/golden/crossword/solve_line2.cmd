pzc solve puzzles/crossword/crossword.pz puzzles/crossword/slots.txt --line 2 --given words=@puzzles/crossword/words_500.txt
