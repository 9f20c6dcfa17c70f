#!/usr/bin/env python3
"""A match in a real GUI: XBoard plays xqarbiter's bridge (in front of
Fairy-Stockfish, spoken to over UCCI or UCI) against Fairy-Stockfish, both
through UCI2WB, then the games are checked with `xqarbiter audit`.

Needs: xboard, uci2wb and xvfb-run (Debian: `apt-get install xboard uci2wb
xvfb`), Fairy-Stockfish (`fairy-stockfish`, in /usr/games or on PATH), and
`cargo build --release` first. Not run in CI.

    tools/xboard_match.py [--games 4] [--tc 0:15] [--inc 0.1] [--ponder]
                          [--profile cxa2020] [--gui-protocol ucci|uci]
                          [--engine-protocol ucci|uci] [--out DIR]

XBoard saves its games (`-sgf`) in its SAN for xiangqi (`Ece2`), which
`xqarbiter audit` reads directly. As a cross-check, the moves xqarbiter reads
from that file must be, game by game, those XBoard's debug log (`-debug`)
shows the engines playing, in coordinates. Fails (exit 1) on a game lost by an
illegal move, a time forfeit or a false claim, an audit finding of an illegal
move, a game whose moves read from the SAN disagree with the log, or an
`Error` / `Illegal move` line XBoard got from the bridge (one the bridge's logs
show it wrote; UCI2WB's own are listed apart).

A false claim: an answer with no move (`bestmove (none)` in UCI, `nobestmove`
in UCCI) where the board has legal moves, which UCI2WB passes on as a
stalemate claim and XBoard scores as a loss of the bridge's side. The bridge
gave one once the rules had ended a game XBoard plays on (a forbidden
repetition, which XBoard does not know); it now searches such a game on.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
XQ = os.path.join(REPO, "target", "release", "xqarbiter")

# UCI2WB's own complaints about XBoard commands it does not know; not the
# engine's.
UCI2WB_NOISE = re.compile(r"Error \(unknown command\): (black|white|0)$")


def which(name):
    """The path of `name` in /usr/games or on PATH, or exit saying it is missing."""
    fixed = os.path.join("/usr/games", name)
    if os.access(fixed, os.X_OK):
        return fixed
    found = shutil.which(name)
    if not found:
        sys.exit(f"xboard_match: {name} not found (see the script's header)")
    return found


def run_match(args, out):
    """Runs XBoard's match; returns the paths of its debug log and its games."""
    fairy = which("fairy-stockfish")
    uci2wb = which("uci2wb")
    xboard = which("xboard")
    which("xvfb-run")
    # One log per bridge process: XBoard starts the engines again for every game.
    wrapper = os.path.join(out, "bridge.sh")
    with open(wrapper, "w") as f:
        f.write(
            "#!/bin/sh\n"
            f'exec "{XQ}" ucci --profile {args.profile} --engine "{fairy}" '
            f"--engine-protocol {args.engine_protocol} "
            f'--log "{out}/bridge-$$.log"\n'
        )
    os.chmod(wrapper, 0o755)
    debug = os.path.join(out, "debug.txt")
    games = os.path.join(out, "games.pgn")
    cmd = [
        "xvfb-run", "-a", xboard, "-variant", "xiangqi",
        "-mg", str(args.games), "-tc", args.tc, "-inc", str(args.inc),
        "-fcp", f"{uci2wb} -{'x' if args.gui_protocol == 'ucci' else 'c'} {wrapper}",
        # UCI2WB does not read Fairy-Stockfish's long UCI_Variant line, and
        # sends a combo's first var back (Protocol=uci): set both.
        "-scp", f"{uci2wb} -var xiangqi -x {fairy}",
        "-secondOptions", "Protocol=ucci",
        "-sgf", games, "-debug", "-nameOfDebugFile", debug,
        "-popupExitMessage", "false", "-saveSettingsOnExit", "false",
        "-noGUI", "-soundProgram", "true",
        "-ponder" if args.ponder else "-xponder",
    ]
    with open(os.path.join(out, "xboard.out"), "w") as log:
        subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, timeout=args.timeout, check=False)
    return debug, games


def games_from_debug(debug):
    """Per game, from XBoard's debug log: the names (first engine red or black)
    and the moves the engines played, and the bridge's complaints."""
    games, troubles = [], []
    current = None
    with open(debug, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            m = re.match(r"New game \((\d+)\): .* \(([wb])\)$", line)
            if m:
                current = {"first_red": m.group(2) == "w", "moves": [], "end": None}
                games.append(current)
                continue
            if current is None:
                continue
            m = re.match(r"\d+ <(first |second): move (\S+)$", line)
            if m and current["end"] is None:
                current["moves"].append(m.group(2))
            # XBoard may end a game twice (a claim, then its verdict on it):
            # the last words are the game's end.
            m = re.match(r"GameEnds\(\d+, (.*), \d\)$", line)
            if m and m.group(1) != "(null)":
                current["end"] = m.group(1)
            m = re.match(r"\d+ <first : (.*)$", line)
            if m and ("Error" in m.group(1) or "Illegal" in m.group(1)):
                if not UCI2WB_NOISE.search(m.group(1)):
                    troubles.append(m.group(1))
    return games, troubles


def bridge_said(out, text):
    """Whether a bridge log in `out` shows the bridge writing `text` to its GUI
    (UCI2WB shows an engine's message after a thinking line's four numbers)."""
    text = re.sub(r"^\d+ \d+ \d+ \d+ ", "", text)
    for name in os.listdir(out):
        if name.startswith("bridge-") and name.endswith(".log"):
            with open(os.path.join(out, name), errors="replace") as f:
                if any("->GUI " in l and text in l for l in f):
                    return True
    return False


def saved_games(games_pgn):
    """Per game of XBoard's own (SAN) record, as xqarbiter reads it: the
    moves in coordinates, and the recorded result."""
    results = re.findall(r'^\[Result "([^"]*)"\]', open(games_pgn, errors="replace").read(), re.M)
    read = subprocess.run(
        [XQ, "convert", "--to", "uci", games_pgn], capture_output=True, text=True, check=False
    )
    lines = [l for l in read.stdout.splitlines() if l.startswith("position ")]
    moves = [l.split(" moves ", 1)[1].split() if " moves " in l else [] for l in lines]
    return list(zip(moves, results))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--tc", default="0:15", help="XBoard's -tc: minutes[:seconds] per game")
    p.add_argument("--inc", type=float, default=0.1, help="seconds added per move")
    p.add_argument("--ponder", action="store_true")
    p.add_argument("--profile", default="cxa2020")
    p.add_argument(
        "--gui-protocol", choices=["ucci", "uci"], default="ucci",
        help="what UCI2WB speaks to the bridge (uci: its Cyclone dialect, ranks 0-9)",
    )
    p.add_argument(
        "--engine-protocol", choices=["ucci", "uci"], default="ucci",
        help="what the bridge speaks to Fairy-Stockfish",
    )
    p.add_argument("--out", default="/tmp/xboard_match")
    p.add_argument("--timeout", type=int, default=1800, help="seconds for the whole match")
    args = p.parse_args()
    if not os.access(XQ, os.X_OK):
        sys.exit("xboard_match: build first (cargo build --release)")
    os.makedirs(args.out, exist_ok=True)
    for name in os.listdir(args.out):
        os.remove(os.path.join(args.out, name))
    debug, games_pgn = run_match(args, args.out)
    games, troubles = games_from_debug(debug)
    saved = saved_games(games_pgn) if os.path.exists(games_pgn) else []
    failures = [f"the bridge said: {t}" for t in troubles if bridge_said(args.out, t)]
    for t in troubles:
        if not bridge_said(args.out, t):
            print(f"note: UCI2WB said (not the bridge's line): {t!r}")
    if len(games) != args.games or len(saved) != args.games:
        failures.append(f"{args.games} games asked, {len(games)} in the debug log, {len(saved)} read")
    for i, (game, (moves, result)) in enumerate(zip(games, saved), 1):
        bridge = "xqarbiter bridge (Fairy-Stockfish)"
        red, black = (bridge, "Fairy-Stockfish") if game["first_red"] else ("Fairy-Stockfish", bridge)
        print(f"game {i}: red {red}, black {black}: {len(moves)} plies, {result} ({game['end']})")
        if moves != game["moves"]:
            failures.append(
                f"game {i}: {len(moves)} plies read from the SAN record, {len(game['moves'])} in "
                "the debug log, or the moves differ"
            )
        if re.search(r"invalid move|Illegal|forfeit|time|false .*claim", game["end"] or "", re.I):
            failures.append(f"game {i}: {game['end']}")
    audit = subprocess.run(
        [XQ, "audit", "--profile", args.profile, games_pgn], capture_output=True, text=True, check=False
    )
    print(audit.stdout, end="")
    print(audit.stderr, end="", file=sys.stderr)
    if audit.returncode != 0 or "Illegal move" in audit.stdout:
        failures.append("xqarbiter audit found an illegal move or failed")
    for f in failures:
        print(f"FAIL: {f}")
    print(f"files in {args.out}: games.pgn (XBoard's), debug.txt, bridge-*.log")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
