"""What the shading checkers share (puzzles/cave/check_cave.py, creek/check_creek.py,
minesweeper/check_minesweeper.py; tapa/check_tapa.py reads its clues here too), without
pzc and with the standard library only: reading a grid of numbers from an instance file,
and the command line `INSTANCE.pz [--limit N]` (count the solutions) or `INSTANCE.pz
--check` (check the drawing `pzc solve` prints, on stdin). Each checker says only its
rules, as the game-ID converters share gameid_cli.py."""
import re
import sys


def number_grid(path, name, text=None):
    """The rows of `name = grid { ... }` in the instance file `path` (or in `text`), one
    token a square (one character, or whitespace-separated tokens when a row has spaces):
    a number, or None for '.', '-' or '_'. Exits with a message when there is no such
    block or its rows are not all of one length."""
    text = open(path).read() if text is None else text
    m = re.search(r"\b%s\s*=\s*grid\s*\{[^\n]*\n(.*?)\n\s*\}" % name, text, re.S)
    if not m:
        sys.exit(f"{path}: no '{name} = grid {{ ... }}' block")
    rows = []
    for line in m.group(1).splitlines():
        line = line.strip()
        if line:
            tokens = line.split() if " " in line else list(line)
            rows.append([None if t in ".-_" else int(t) for t in tokens])
    if not rows or not rows[0] or len({len(r) for r in rows}) != 1:
        sys.exit(f"{path}: the '{name}' grid is not a rectangle of at least 1 x 1")
    return rows


def run(argv, doc, load, count, check, draw, size, marks="#."):
    """The command line. load(path) -> the puzzle; count(puzzle, limit) -> (solutions up to
    limit, the first or None); check(puzzle, rows) -> None or what is wrong with the drawn
    rows; draw(puzzle, solution) -> its rows of text; size(puzzle) -> "5x5" or the like;
    marks: the drawing's two characters. Exit code 0 when unique (or the drawing is
    right), 1 otherwise, 2 on a bad command line."""
    if len(argv) < 2 or argv[1].startswith("-"):
        print(doc, file=sys.stderr)
        return 2
    try:
        puzzle = load(argv[1])
        if "--check" in argv:
            rows = [l.strip() for l in sys.stdin if l.strip() and set(l.strip()) <= set(marks)]
            err = check(puzzle, rows)
            print(f"{argv[1]}: {'ok' if err is None else err}")
            return 0 if err is None else 1
        limit = int(argv[argv.index("--limit") + 1]) if "--limit" in argv else 2
        n, first = count(puzzle, limit)
        more = "+" if n >= limit else ""
        print(f"{argv[1]}: {size(puzzle)}, {n}{more} solution(s) ({'unique' if n == 1 else 'not unique' if n else 'none'})")
        if first is not None:
            print("\n".join(draw(puzzle, first)))
        return 0 if n == 1 else 1
    except BrokenPipeError:  # output cut short by `| head`
        return 0
