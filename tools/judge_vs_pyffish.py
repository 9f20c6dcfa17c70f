#!/usr/bin/env python3
"""Judging repetitions side by side: xqarbiter against Fairy-Stockfish's
Python binding (pyffish), on the AXF rule cases of positions/repetition.tsv.

    python3 tools/judge_vs_pyffish.py [--repeat N] [--xqarbiter PATH]

Both programs get the same work: each case's start position and moves, to
be replayed and judged after the last move. pyffish is asked
`is_optional_game_end` once per case; xqarbiter audits a PGN file holding
every case (one game each), on one thread, so its time includes reading
the file and starting the process. The audit rules on a repetition only
where it can end the game, so it is given the AXF rules with the second
occurrence decisive: each case's cycle is classified and ruled, as
pyffish judges each case. Each set is repeated N times (default
300). Prints the time per case of each and the ratio.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

try:
    import pyffish as sf
except ImportError:
    sys.exit("pyffish is not installed: pip install pyffish")

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "..", "positions", "repetition.tsv")


def axf_cases():
    """(fen, moves) of every AXF case whose FEN is a complete position."""
    out = []
    with open(CASES, encoding="utf-8") as f:
        next(f)
        for line in f:
            cols = line.rstrip("\n").split("\t")
            if len(cols) < 4 or cols[1] != "axf":
                continue
            fen = cols[2]
            if len(fen.split()) == 2:
                fen += " - - 0 1"
            out.append((fen, cols[3].split()))
    return out


def pyffish_moves(moves):
    """UCCI ranks 0-9 to pyffish's UCI ranks 1-10."""
    return [f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}" for m in moves]


def time_pyffish(cases, repeat):
    converted = [(fen, pyffish_moves(moves)) for fen, moves in cases]
    start = time.perf_counter()
    for _ in range(repeat):
        for fen, moves in converted:
            sf.is_optional_game_end("xiangqi", fen, moves)
    return time.perf_counter() - start


def write_pgn(cases, repeat, path):
    with open(path, "w", encoding="utf-8") as f:
        for r in range(repeat):
            for i, (fen, moves) in enumerate(cases):
                f.write(f'[Game "Chinese Chess"]\n[Round "{r}.{i}"]\n[FEN "{fen}"]\n\n')
                f.write(" ".join(moves) + " *\n\n")


# The AXF rules, a repetition decided at its second occurrence (each case closes one cycle).
PROFILE = 'name = "axf-second-occurrence"\nbase = "axf"\n[repetition]\ndecisive_occurrence = 2\n'


def time_xqarbiter(binary, path):
    profile = os.path.join(os.path.dirname(path), "every-repetition.toml")
    with open(profile, "w", encoding="utf-8") as f:
        f.write(PROFILE)
    start = time.perf_counter()
    done = subprocess.run(
        [binary, "audit", path, "--profile", profile, "--jsonl", "--threads", "1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"xqarbiter audit failed with status {done.returncode}")
    return elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=300)
    parser.add_argument(
        "--xqarbiter",
        default=os.path.join(HERE, "..", "target", "release", "xqarbiter"),
    )
    args = parser.parse_args()
    if not os.path.isfile(args.xqarbiter):
        sys.exit(f"missing executable: {args.xqarbiter} (build with `cargo build --release`)")
    cases = axf_cases()
    n = len(cases) * args.repeat
    with tempfile.TemporaryDirectory() as tmp:
        pgn = os.path.join(tmp, "cases.pgn")
        write_pgn(cases, args.repeat, pgn)
        ours = time_xqarbiter(args.xqarbiter, pgn)
    theirs = time_pyffish(cases, args.repeat)
    print(f"{len(cases)} AXF cases x {args.repeat} = {n} judgements")
    print(f"xqarbiter (audit, 1 thread): {ours * 1e6 / n:8.1f} us per case")
    print(f"pyffish is_optional_game_end: {theirs * 1e6 / n:8.1f} us per case")
    print(f"ratio: {theirs / ours:.1f}x")


if __name__ == "__main__":
    main()
