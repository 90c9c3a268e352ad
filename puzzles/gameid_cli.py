"""The command line shared by the game-ID converters (towers/, unruly/gameid2pz.py):
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
