#!/usr/bin/env python3
"""Compares the referee's "X must vary" with the side that did vary, in real games.

For every forbidden repetition that `xqarbiter audit` finds in a game that goes on
afterwards, this replays the game's moves past the cycle and finds the first move
that leaves it: the side that played it varied. Players vary for their own reasons
too, so agreement is evidence, not proof; but across many master games it shows
whether the rulings match what arbiters and players did.

Usage: tools/who_varied.py [--xqarbiter PATH] FILE.pgn ...
(FILE: PGN records in coordinates, e.g. ../shared/data/corpus/*_UCI_games.pgn)
Prints one line per finding and the agreement count.
"""

import argparse
import json
import re
import subprocess
import sys

MOVE = re.compile(r"^[a-i][0-9][a-i][0-9]$")


def games(path):
    """The move lists of the games of a coordinate PGN file, in order."""
    text = open(path, encoding="utf-8", errors="replace").read()
    out = []
    for chunk in re.split(r"\n(?=\[Event )", text):
        body = re.sub(r"\[.*?\]\s*\n", "", chunk)
        out.append([t for t in re.sub(r"\d+\.", " ", body).split() if MOVE.match(t)])
    return out


def cycle_length(binary, moves, ply):
    """Plies between the two occurrences of the position repeated at `ply`."""
    out = subprocess.run(
        [binary, "rule", "--json", "--moves", " ".join(moves[:ply])],
        capture_output=True,
        text=True,
        check=False,
    )
    try:
        rep = json.loads(out.stdout)["repetition"]
    except (json.JSONDecodeError, KeyError, TypeError):
        return None
    if not rep:
        return None
    return rep["last_ply"] - rep["first_ply"]


def varied(moves, ply, length):
    """The side ('red' or 'black') whose move first leaves the cycle after `ply`."""
    k = 0
    while ply + k < len(moves):
        if moves[ply + k] != moves[ply - length + k]:
            return "red" if (ply + k) % 2 == 0 else "black"
        k += 1
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--xqarbiter", default="target/release/xqarbiter")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    agree = total = 0
    for path in args.files:
        try:
            moves_of = games(path)
        except OSError as e:
            print(f"{path}: cannot read: {e.strerror}", file=sys.stderr)
            continue
        audit = subprocess.run(
            [args.xqarbiter, "audit", "--jsonl", path],
            capture_output=True,
            text=True,
            check=False,
        )
        for line in audit.stdout.splitlines():
            try:
                game = json.loads(line)
            except json.JSONDecodeError:
                print(f"{path}: unreadable audit line: {line[:80]}", file=sys.stderr)
                continue
            index = game.get("index")
            if index is None or index >= len(moves_of):
                continue
            moves = moves_of[index]
            for finding in game.get("findings") or []:
                if finding.get("kind") != "forbidden_repetition":
                    continue
                detail = finding.get("detail", "")
                must = re.search(r"(red|black) must vary", detail)
                ply = finding.get("ply")
                if not must or ply is None or ply >= len(moves):
                    continue
                length = cycle_length(args.xqarbiter, moves, ply)
                side = varied(moves, ply, length) if length else None
                if side is None:
                    continue
                total += 1
                agree += side == must.group(1)
                print(f"{path}#{index} ply {ply}: ruled {must.group(1)} must vary, {side} varied")
    print(f"agreement: {agree}/{total}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
