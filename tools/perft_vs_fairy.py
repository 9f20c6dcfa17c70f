#!/usr/bin/env python3
"""Differential perft: xqarbiter against Fairy-Stockfish on random reachable positions.

Each position is the end of a seeded random legal playout from the start position (its
length drawn uniformly from 0..--max-plies). For each one, `xqarbiter perft D --json`
is compared with Fairy-Stockfish's `go perft D`; on a mismatch both `divide` outputs are
printed as a unified diff (moves in UCCI coordinates, ranks 0-9).

One Fairy-Stockfish process serves the whole run; its legal moves (`go perft 1`) drive
the playouts. Fairy-Stockfish writes ranks 1-10 in UCI mode; moves are converted.

Usage: tools/perft_vs_fairy.py [-n 500] [-d 3] [--seed 1] [--xqarbiter PATH] [--fsf PATH]
Exit status: 0 all equal, 1 mismatches, 2 setup error.
"""

import argparse
import difflib
import json
import random
import re
import subprocess
import sys
import time

import executables

FSF_MOVE = re.compile(r"^([a-i])(10|[1-9])([a-i])(10|[1-9])$")


def fsf_to_ucci(move):
    """'h3e3' (ranks 1-10) -> 'h2e2' (ranks 0-9)."""
    m = FSF_MOVE.match(move)
    if not m:
        raise ValueError(f"unexpected Fairy-Stockfish move {move!r}")
    f1, r1, f2, r2 = m.groups()
    return f"{f1}{int(r1) - 1}{f2}{int(r2) - 1}"


class Fairy:
    """A long-lived Fairy-Stockfish process in xiangqi mode."""

    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.read_until(lambda l: l == "uciok")
        self.send("setoption name UCI_Variant value xiangqi")
        self.sync()

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, done):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("Fairy-Stockfish exited unexpectedly")
            line = line.strip()
            lines.append(line)
            if done(line):
                return lines

    def sync(self):
        self.send("isready")
        self.read_until(lambda l: l == "readyok")

    def set_moves(self, moves):
        self.send("position startpos moves " + " ".join(moves) if moves else "position startpos")

    def set_fen(self, fen):
        self.send("position fen " + fen)

    def divide(self, depth):
        """Root moves (Fairy-Stockfish notation) with subtree counts, and the total."""
        self.send(f"go perft {depth}")
        lines = self.read_until(lambda l: l.startswith("Nodes searched:"))
        parts = {}
        for line in lines[:-1]:
            move, sep, count = line.partition(": ")
            if sep and FSF_MOVE.match(move):
                parts[move] = int(count)
        return parts, int(lines[-1].split(":")[1])

    def fen(self):
        self.send("d")
        lines = self.read_until(lambda l: l.startswith("Checkers:"))
        return next(l[len("Fen: "):] for l in lines if l.startswith("Fen: "))

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def xq_perft(exe, fen, depth, divide=False):
    cmd = [exe, "perft", str(depth), "--fen", fen, "--json"] + (["--divide"] if divide else [])
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"xqarbiter failed on {fen!r}: {out.stderr.strip()}")
    return json.loads(out.stdout)


def random_position(fsf, rng, max_plies):
    """Plays a random legal game of up to max_plies plies; returns (moves, fen)."""
    moves = []
    for _ in range(rng.randint(0, max_plies)):
        fsf.set_moves(moves)
        legal, _ = fsf.divide(1)
        if not legal:
            break
        moves.append(rng.choice(sorted(legal)))
    fsf.set_moves(moves)
    return moves, fsf.fen()


def report_mismatch(exe, fsf, fen, depth):
    ours = xq_perft(exe, fen, depth, divide=True).get("divide", {})
    fsf.set_fen(fen)
    theirs, _ = fsf.divide(depth)
    a = sorted(f"{m}: {n}" for m, n in ours.items())
    b = sorted(f"{fsf_to_ucci(m)}: {n}" for m, n in theirs.items())
    diff = difflib.unified_diff(a, b, "xqarbiter", "fairy-stockfish", lineterm="")
    print("\n".join(diff))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", "--positions", type=int, default=500)
    ap.add_argument("-d", "--depth", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=150)
    executables.add_options(ap)
    args = ap.parse_args()
    if executables.missing(args):
        return 2

    rng = random.Random(args.seed)
    fsf = Fairy(args.fsf)
    start = time.monotonic()
    mismatches = 0
    leaves = 0
    for i in range(args.positions):
        moves, fen = random_position(fsf, rng, args.max_plies)
        fsf.set_fen(fen)
        _, theirs = fsf.divide(args.depth)
        try:
            ours = xq_perft(args.xqarbiter, fen, args.depth)["nodes"]
        except (RuntimeError, ValueError, KeyError) as e:
            ours = None
            print(f"#{i}: {e}")
        leaves += theirs
        if ours != theirs:
            mismatches += 1
            print(f"MISMATCH #{i} depth {args.depth}: xqarbiter {ours}, fairy-stockfish {theirs}")
            print(f"  fen   {fen}")
            print(f"  moves from the start (ranks 1-10) {' '.join(moves)}")
            if ours is not None:
                report_mismatch(args.xqarbiter, fsf, fen, args.depth)
    fsf.close()
    secs = time.monotonic() - start
    verdict = "all equal" if mismatches == 0 else f"{mismatches} MISMATCHES"
    print(
        f"{args.positions} positions, depth {args.depth}, seed {args.seed}: {verdict} "
        f"({leaves} leaves in all, {secs:.1f} s)"
    )
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
