"""The two programs the perft tools compare: command-line options for their
paths, and a check that both exist."""

import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def add_options(ap):
    """Adds --xqarbiter and --fsf (default: the release build, and
    fairy-stockfish from PATH or /usr/games) to an argparse parser."""
    ap.add_argument("--xqarbiter", default=str(REPO / "target/release/xqarbiter"))
    ap.add_argument("--fsf", default=shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish")


def missing(args):
    """Whether an executable is missing (after saying which on stderr)."""
    for exe in (args.xqarbiter, args.fsf):
        if not Path(exe).is_file():
            print(f"missing executable: {exe} (build with `cargo build --release`)", file=sys.stderr)
            return True
    return False
