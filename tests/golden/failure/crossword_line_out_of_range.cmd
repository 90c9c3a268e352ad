pzc count puzzles/crossword/crossword.pz puzzles/crossword/slots.txt --line 9 --given words=@puzzles/crossword/words_500.txt
