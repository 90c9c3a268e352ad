# Minimal reader for pzc instance blocks (`instance NAME of PUZZLE ... end`) shared by the benchmark peers.
"""A deliberately small parser: it knows only the field forms the bundled instances use.

    key = 6                 -> int
    key = "D.BA.."          -> str
    key = {A, B, C}         -> list of str
    key = grid { ... }      -> list of rows, each a list of tokens (one char per token, or
                               whitespace-separated tokens when a row contains spaces)
A `.lightup` file (Tatham game ID) is also accepted and turned into a LightUp instance.
"""
import re
import sys

_GRID_START = re.compile(r"^\s*(\w+)\s*=\s*grid\s*\{\s*$")
_FIELD = re.compile(r"^\s*(\w+)\s*=\s*(.+?)\s*$")
_HEADER = re.compile(r"^\s*instance\s+(\w+)\s+of\s+(\w+)\s*$")


def _strip_comment(line):
    # `--` starts a comment, except inside a string literal.
    out, in_str = [], False
    i = 0
    while i < len(line):
        ch = line[i]
        if ch == '"':
            in_str = not in_str
        elif not in_str and line.startswith("--", i):
            break
        out.append(ch)
        i += 1
    return "".join(out).rstrip()


def _value(text):
    if text.startswith('"') and text.endswith('"'):
        return text[1:-1]
    if text.startswith("{") and text.endswith("}"):
        return [t.strip() for t in text[1:-1].split(",") if t.strip()]
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return text


def parse_text(text):
    """Returns a list of (name, puzzle, fields) for every instance block in text."""
    result = []
    cur = None
    grid_key, grid_rows = None, None
    for raw in text.splitlines():
        line = _strip_comment(raw)
        if not line.strip():
            continue
        if grid_key is not None:
            if line.strip() == "}":
                cur[2][grid_key] = grid_rows
                grid_key, grid_rows = None, None
            else:
                row = line.strip()
                grid_rows.append(row.split() if " " in row or "\t" in row else list(row))
            continue
        m = _HEADER.match(line)
        if m:
            cur = (m.group(1), m.group(2), {})
            continue
        if cur is None:
            continue
        if line.strip() == "end":
            result.append(cur)
            cur = None
            continue
        m = _GRID_START.match(line)
        if m:
            grid_key, grid_rows = m.group(1), []
            continue
        m = _FIELD.match(line)
        if m:
            cur[2][m.group(1)] = _value(m.group(2))
            continue
        raise ValueError(f"cannot parse line: {raw!r}")
    return result


def _lightup_gameid(gid):
    m = re.fullmatch(r"(\d+)x(\d+)[^:]*:(.*)", gid.strip())
    if not m:
        raise ValueError("not a Light Up game ID")
    w, h, desc = int(m.group(1)), int(m.group(2)), m.group(3)
    cells = []
    for ch in desc:
        if "a" <= ch <= "z":
            cells.extend("." * (ord(ch) - ord("a") + 1))
        elif ch == "B":
            cells.append("#")
        else:
            cells.append(ch)
    assert len(cells) == w * h, "bad Light Up game ID length"
    return [cells[r * w:(r + 1) * w] for r in range(h)]


def lightup_segments(board):
    """Maximal horizontal and vertical runs of non-wall cells of a Light Up board.

    Returns (hsegs, vsegs, hseg_of, vseg_of): each seg is a list of (r, c); *_of maps a cell
    to its segment index. A light sees exactly the cells of its two segments.
    """
    h, w = len(board), len(board[0])
    hsegs, vsegs, hseg_of, vseg_of = [], [], {}, {}
    for r in range(h):
        c = 0
        while c < w:
            if board[r][c] != ".":
                c += 1
                continue
            seg = []
            while c < w and board[r][c] == ".":
                hseg_of[(r, c)] = len(hsegs)
                seg.append((r, c))
                c += 1
            hsegs.append(seg)
    for c in range(w):
        r = 0
        while r < h:
            if board[r][c] != ".":
                r += 1
                continue
            seg = []
            while r < h and board[r][c] == ".":
                vseg_of[(r, c)] = len(vsegs)
                seg.append((r, c))
                r += 1
            vsegs.append(seg)
    return hsegs, vsegs, hseg_of, vseg_of


def load(path, puzzle=None):
    """Returns (name, puzzle, fields) of the first instance in path (of the given puzzle, if set)."""
    with open(path) as f:
        text = f.read()
    if path.endswith(".lightup"):
        name = re.sub(r".*/", "", path)[: -len(".lightup")]
        return name, "LightUp", {"board": _lightup_gameid(text)}
    for inst in parse_text(text):
        if puzzle is None or inst[1] == puzzle:
            return inst
    raise ValueError(f"{path}: no instance of {puzzle or 'any puzzle'}")


if __name__ == "__main__":
    for p in sys.argv[1:]:
        print(load(p))
