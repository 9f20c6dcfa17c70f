#!/usr/bin/env python3
"""Reference audit with Fairy-Stockfish's Python binding (pyffish), for the
audit benchmark: replay each game and ask `is_optional_game_end` after every
move, as an auditor built on pyffish would.

    python3 tools/audit_ref_pyffish.py DIR [--sample N]

Reads the PGN files written by tools/gen_games.rs (coordinate moves, start
position). pyffish takes the whole move list on every call, so this is slow:
with --sample N only the first N games are replayed and the rate is
extrapolated to all games (the script says so). Prints one JSON object.
"""

import argparse
import json
import os
import re
import sys
import time

import pyffish as sf

MOVE = re.compile(r"\b([A-I])(\d)-([A-I])(\d)\b")


def games(folder):
    """Yields each game's moves in pyffish's UCI (ranks 1-10)."""
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".pgn"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            text = f.read()
        for chunk in text.split("[Game ")[1:]:
            body = chunk.split("\n\n", 1)[-1]
            yield [
                f"{a.lower()}{int(b) + 1}{c.lower()}{int(d) + 1}"
                for a, b, c, d in MOVE.findall(body)
            ]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder")
    ap.add_argument("--sample", type=int, default=0, help="replay only the first N games")
    args = ap.parse_args()
    start_fen = sf.start_fen("xiangqi")
    total = replayed = plies = ends = 0
    seconds = 0.0
    for moves in games(args.folder):
        total += 1
        if args.sample and replayed >= args.sample:
            continue
        t = time.perf_counter()
        for i in range(1, len(moves) + 1):
            end, _ = sf.is_optional_game_end("xiangqi", start_fen, moves[:i])
            ends += end
        seconds += time.perf_counter() - t
        replayed += 1
        plies += len(moves)
    rate = replayed / seconds if seconds > 0 else 0.0
    json.dump(
        {
            "games": total,
            "replayed": replayed,
            "plies_replayed": plies,
            "optional_ends_seen": ends,
            "seconds_replayed": round(seconds, 3),
            "games_per_s": round(rate, 1),
            "extrapolated": replayed < total,
            "seconds_for_all_extrapolated": round(total / rate, 1) if rate else None,
        },
        sys.stdout,
    )
    print()


if __name__ == "__main__":
    main()
