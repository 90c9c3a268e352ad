pzc count puzzles/crossword/crossword.pz puzzles/crossword/slots.txt --line 5 --given words=@puzzles/crossword/words_1000.txt
