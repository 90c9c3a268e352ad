"""What the game-ID converters of towers/, unruly/, futoshiki/, nonogram/, hitori/, range/,
slitherlink/, mosaic/, keen/, signpost/, bridges/, pearl/, net/, slant/, rect/, filling/,
palisade/, pegs/, flip/ and the other sgt folders share: the command line
NAME (GAMEID | @FILE) [--source TEXT], the instance block on stdout, and the pieces
of that block and of the descriptions the games share."""
import os
import re
import sys


def run(argv, doc, to_pz):
    """to_pz(name, gameid, source) -> text; raises ValueError on a bad game ID."""
    if len(argv) < 3:
        print(doc, file=sys.stderr)
        return 2
    name, arg = argv[1], argv[2]
    source = argv[argv.index("--source") + 1] if "--source" in argv else None
    try:
        if arg.startswith("@"):
            with open(arg[1:]) as f:
                gameid = f.read()
        else:
            gameid = arg
        sys.stdout.write(to_pz(name, gameid, source))
    except (OSError, ValueError) as e:
        print(f"{os.path.basename(argv[0])}: {e}", file=sys.stderr)
        return 1
    return 0


def match_gameid(gameid, pattern, what):
    """The stripped game ID matched in full against `pattern`; ValueError naming `what`
    ("a Mosaic") when it does not match."""
    m = re.fullmatch(pattern, gameid.strip())
    if not m:
        raise ValueError(f"not {what} game ID: {gameid.strip()!r}")
    return m


def instance_text(name, puzzle, gameid, source, body, show_id=True):
    """An `instance NAME of PUZZLE ... end` block: where it came from, the game ID (unless
    `show_id` is false: Flip's, whose press matrix is tens of thousands of digits, stays in
    its .flip file), then the binding lines `body` (each indented by two spaces)."""
    out = [f"-- {source}"] if source else []
    if show_id:
        out.append(f"-- game ID: {gameid.strip()}")
    out.append(f"instance {name} of {puzzle}")
    out.extend(body)
    out.append("end")
    return "\n".join(out) + "\n"


def regions(count, joined):
    """Regions of squares 0..count-1 joined by the pairs in `joined` (union-find): each
    square's region number, regions numbered by their first square in reading order, and
    each region's first square."""
    parent = list(range(count))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in joined:
        a, b = find(a), find(b)
        if a != b:
            parent[max(a, b)] = min(a, b)  # the root is the region's first square
    roots = sorted({find(i) for i in range(count)})
    number = {r: k for k, r in enumerate(roots)}
    return [number[find(i)] for i in range(count)], roots


def grid_lines(label, rows):
    """The binding lines of `label = grid { ... }`, one text row per line."""
    return [f"  {label} = grid {{"] + ["    " + r for r in rows] + ["  }"]


def run_length_rows(w, h, desc, number):
    """Decodes the description Tatham's Mosaic, Loopy, Range, Bridges and Pearl share,
    row-major: 'a'..'z' skip 1..26 squares without a number (None); `number` is a regular
    expression for one numbered square ("[0-9]": one digit each; r"\\d+" with '_' between
    two numbers; "[BW]": Pearl's pearls, kept as text). The rows of w squares (the numbers
    as ints); ValueError when it does not cover w x h."""
    cells = []
    for tok in re.findall(r"[a-z]|_|" + number, desc):
        if tok == "_":
            continue
        if tok.isdigit():
            cells.append(int(tok))
        elif len(tok) == 1 and "a" <= tok <= "z":
            cells.extend([None] * (ord(tok) - ord("a") + 1))
        else:
            cells.append(tok)
    if len(cells) != w * h:
        raise ValueError(f"the description covers {len(cells)} squares, not {w * h}")
    return [cells[r * w:(r + 1) * w] for r in range(h)]


def number_rows(rows):
    """Text rows of numbers and '.', right-aligned and space-separated when some number has
    two digits."""
    width = max([len(str(x)) for row in rows for x in row if x is not None] + [1])
    sep = " " if width > 1 else ""
    return [sep.join(("." if x is None else str(x)).rjust(width) for x in row) for row in rows]
