#!/usr/bin/env python3
"""Runs the same scripted GUI sessions through two builds' `xqarbiter ucci` (referee only)
and compares what they say, block by block.

The sessions: every public rule case of positions/repetition.tsv (under each profile of its
rule set: cxa2020 also under dqsz2017-slow, with an early-repetition clause, and
hengfang2024-slow, with an attack cap), 150 random games per rule set that end in a shuttle
played to its third occurrence (`cycle_records`), and two shuttles with the natural limit in
reach; each game's cycle played on three more times, past its end. After every prefix of
every game: `position`, `go depth 1` and `probe`.

Every answer must be byte for byte the same, except where the game goes on past a move that
ended it: there, with --past-end NEW, the NEW build may say "game over" with the ruling one
of the game's earlier positions ended it with (the referee's first ending), and ban nothing.

Usage: tools/ucci_sessions.py BASE_XQARBITER NEW_XQARBITER CYCLE_RECORDS [--past-end NEW]
(CYCLE_RECORDS: target/release/examples/cycle_records)
"""

import argparse
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
PROFILES = {"cxa2020": ["cxa2020", "dqsz2017-slow", "hengfang2024-slow"]}
TERMINATORS = ("nobestmove", "pophash", "ucciok", "bye")


def games(cycle_records):
    """(rules, start FEN, moves) of every game the sessions play."""
    out = []
    for line in (ROOT / "positions/repetition.tsv").read_text().splitlines()[1:]:
        f = line.split("\t")
        if len(f) >= 4 and f[0]:
            out.append((f[1], f[2], f[3].split()))
    for rules in ["cxa2020", "axf"]:
        text = subprocess.run(
            [cycle_records, "150", rules], capture_output=True, text=True, check=True
        ).stdout
        for line in text.splitlines():
            f = line.split("\t")
            out.append((rules, f[0], f[1].split()))
    idle = ["e1d2", "d9d8", "d2e1", "d8d9"]
    check = ["f0e0", "e8f8", "e0f0", "f8e8"]
    out.append(("cxa2020", "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 110 56", idle * 3))
    out.append(("cxa2020", "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 112 57", check * 3))
    return out


def session(cycle_records):
    """The GUI's lines."""
    out = ["ucci"]
    for rules, fen, moves in games(cycle_records):
        played_on = moves + moves[-4:] * 3 if len(moves) >= 4 else moves
        for profile in PROFILES.get(rules, [rules]):
            out.append(f"setoption profile {profile}")
            for k in range(len(played_on) + 1):
                seq = played_on[:k]
                out.append(f"position fen {fen} moves {' '.join(seq)}" if seq else f"position fen {fen}")
                out += ["go depth 1", "probe"]
    out.append("quit")
    return out


def blocks(text):
    """The answers, one block per command that is answered."""
    out, cur = [], []
    for line in text.splitlines():
        # A message reads the same in either form (UCCI's `info message`
        # since session 39, `info string` before), so builds on either side
        # of that change compare.
        if line.startswith("info message "):
            line = "info string " + line[len("info message "):]
        cur.append(line)
        if line in TERMINATORS:
            out.append(cur)
            cur = []
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("base")
    ap.add_argument("new")
    ap.add_argument("cycle_records")
    ap.add_argument("--past-end", choices=["new"], help="the new build ends the game at its first ending")
    args = ap.parse_args()
    lines = session(args.cycle_records)
    feed = "\n".join(lines) + "\n"
    run = lambda exe: blocks(
        subprocess.run([exe, "ucci", "--profile", "cxa2020"], input=feed, capture_output=True, text=True).stdout
    )
    base, new = run(args.base), run(args.new)
    # The profile and position each answer is about.
    context, profile, position = [], None, None
    for line in lines:
        w = line.split()
        if w[0] == "setoption":
            profile = w[2]
        elif w[0] == "position":
            position = line
        else:
            context.append((profile, position, w[0]))
    if not (len(base) == len(new) == len(context)):
        sys.exit(f"answer counts differ: base {len(base)}, new {len(new)}, commands {len(context)}")
    ended = {}  # (profile, fen, moves) -> the base build's "game over" line after `go`
    same = past_end = 0
    for (profile, position, cmd), b, n in zip(context, base, new):
        fen, _, moves = (position or "").partition(" moves ")
        moves = tuple(moves.split())
        over = [l for l in b if l.startswith("info string game over")]
        if cmd == "go" and over:
            ended[(profile, fen, moves)] = over[0]
        if b == n:
            same += 1
            continue
        first = next((ended.get((profile, fen, moves[:i])) for i in range(len(moves)) if (profile, fen, moves[:i]) in ended), None)
        plain = lambda blk: [l for l in blk if not l.startswith(("info string banned", "info string game over"))]
        ok = (
            args.past_end == "new"
            and first is not None
            and plain(b) == plain(n)
            and not any(l.startswith("info string banned") for l in n)
            and (cmd != "go" or [l for l in n if l.startswith("info string game over")] == [first])
        )
        if not ok:
            print(f"differ after {position} ({profile}, {cmd}):", *b, "--- new:", *n, sep="\n  ")
            sys.exit(1)
        past_end += 1
    print(f"{same} answers byte-identical, {past_end} differ only past the game's first ending")


if __name__ == "__main__":
    main()
