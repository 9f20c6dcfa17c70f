#!/usr/bin/env python3
"""Plays Fairy-Stockfish against itself in xiangqi over UCI and writes the
game as cutechess-cli writes a PGN of a variant game: its tags (`Variant
"xiangqi"`, `SetUp` and the start `FEN`, `PlyCount`, `TimeControl`), the
engine's own UCI moves in ranks 1-10 (`h3e3 h10g8`), each followed by
cutechess's `{score/depth time}` comment, and the result after the last
comment saying how the game ended. xqarbiter reads such a PGN in ranks 1-10
(tests/fixtures/fairy_uci.pgn was made with it).

Needs Fairy-Stockfish (`fairy-stockfish`, in /usr/games or on PATH) and
pyffish (`pip install pyffish`) to tell when the game is over. Not run in CI.

    tools/fairy_pgn.py [--plies 60] [--depth 6] [--seed-moves "h3e3 h10g8"] > game.pgn
"""

import argparse
import datetime
import os
import shutil
import subprocess
import sys
import time

import pyffish

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def engine_path():
    """Fairy-Stockfish's executable, on PATH or in /usr/games."""
    found = shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish"
    if not os.access(found, os.X_OK):
        sys.exit("fairy-stockfish not found")
    return found


class Engine:
    """A UCI engine, spoken to line by line."""

    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.name = "Fairy-Stockfish"
        self.send("uci")
        for line in self.lines_until("uciok"):
            if line.startswith("id name "):
                self.name = line[len("id name "):].strip()
        self.send("setoption name UCI_Variant value xiangqi")
        self.send("isready")
        list(self.lines_until("readyok"))

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def lines_until(self, last):
        """The engine's lines up to the one starting with `last`."""
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("the engine closed its output")
            yield line.rstrip("\n")
            if line.startswith(last):
                return

    def best(self, moves, depth):
        """The engine's move after `moves`, its score in pawns (side to move) and depth."""
        self.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
        self.send(f"go depth {depth}")
        score, reached, best = 0.0, 0, None
        for line in self.lines_until("bestmove"):
            words = line.split()
            if words and words[0] == "info" and "score" in words and "depth" in words:
                reached = int(words[words.index("depth") + 1])
                kind, value = words[words.index("score") + 1: words.index("score") + 3]
                score = int(value) / 100 if kind == "cp" else (100.0 if int(value) > 0 else -100.0)
            if words and words[0] == "bestmove":
                best = words[1]
        return best, score, reached

    def quit(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def ending(moves):
    """How the game stands after `moves`: None while it goes on, else (result, words)."""
    fen = pyffish.get_fen("xiangqi", START, moves)
    if not pyffish.legal_moves("xiangqi", fen, []):
        red_to_move = fen.split()[1] == "w"
        return ("0-1", "Black mates") if red_to_move else ("1-0", "White mates")
    over, result = pyffish.is_optional_game_end("xiangqi", START, moves)
    if over:
        return ("1/2-1/2" if result == 0 else ("1-0" if result > 0 else "0-1"), "Draw by rule")
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=60)
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--seed-moves", default="", help="opening moves, ranks 1-10")
    args = parser.parse_args()
    engine = Engine(engine_path())
    moves = args.seed_moves.split()
    played = []  # (move, comment)
    for mv in moves:
        played.append((mv, "book"))
    begun = time.monotonic()
    started = datetime.datetime.now(datetime.timezone.utc)
    end = ending(moves)
    while end is None and len(moves) < args.plies:
        t0 = time.monotonic()
        mv, score, depth = engine.best(moves, args.depth)
        spent = time.monotonic() - t0
        moves.append(mv)
        played.append((mv, f"{score:+.2f}/{depth} {spent:.3f}s"))
        end = ending(moves)
    engine.quit()
    if end is None:
        end = ("1/2-1/2", "Draw by adjudication")
    duration = int(time.monotonic() - begun)
    stamp = "%Y-%m-%dT%H:%M:%S.%f"
    finished = datetime.datetime.now(datetime.timezone.utc)
    today = datetime.date.today().strftime("%Y.%m.%d")
    tags = [
        ("Event", "?"),
        ("Site", "?"),
        ("Date", today),
        ("Round", "1"),
        ("White", engine.name),
        ("Black", engine.name),
        ("Result", end[0]),
        ("FEN", START),
        ("GameDuration", time.strftime("%H:%M:%S", time.gmtime(duration))),
        ("GameEndTime", finished.strftime(stamp)[:-3] + " UTC"),
        ("GameStartTime", started.strftime(stamp)[:-3] + " UTC"),
        ("PlyCount", str(len(moves))),
        ("SetUp", "1"),
        ("TimeControl", "-"),
        ("Variant", "xiangqi"),
    ]
    out = [f'[{k} "{v}"]' for k, v in tags]
    out.append("")
    words = []
    for i, (mv, comment) in enumerate(played):
        if i % 2 == 0:
            words.append(f"{i // 2 + 1}.")
        words.append(f"{mv} {{{comment}}}")
    words[-1] = words[-1][:-1] + f", {end[1]}}}"
    words.append(end[0])
    line = ""
    for w in words:
        if line and len(line) + 1 + len(w) > 80:
            out.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    out.append(line)
    print("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
