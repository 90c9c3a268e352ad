"""What the game-ID converters of towers/, unruly/, futoshiki/, nonogram/, hitori/ and range/
share: the command line
NAME (GAMEID | @FILE) [--source TEXT], the instance block on stdout."""
import os
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


def instance_text(name, puzzle, gameid, source, body):
    """An `instance NAME of PUZZLE ... end` block: where it came from, the game ID, then
    the binding lines `body` (each indented by two spaces)."""
    out = [f"-- {source}"] if source else []
    out.append(f"-- game ID: {gameid.strip()}")
    out.append(f"instance {name} of {puzzle}")
    out.extend(body)
    out.append("end")
    return "\n".join(out) + "\n"


def grid_lines(label, rows):
    """The binding lines of `label = grid { ... }`, one text row per line."""
    return [f"  {label} = grid {{"] + ["    " + r for r in rows] + ["  }"]
