#!/usr/bin/env python3
"""Rulings side by side: xqarbiter against Fairy-Stockfish's Python binding
(pyffish), on random games that end in a shuttle played to its third
occurrence, or on the master games of the corpus that reach one, under the
Asian rules (the rules Fairy-Stockfish implements).

    python3 tools/rulings_vs_pyffish.py [--games N] [--reasons]
    python3 tools/rulings_vs_pyffish.py --corpus ../shared/data [--reasons]

The games come from `cargo run --release --example cycle_records` (built
first if needed), with xqarbiter's ruling of each. pyffish is asked
`is_optional_game_end` after the last move, given the game from the first
occurrence of the repeated position on: with the moves before it, it also
counts the move that led into the cycle (a piece stepping in, which
attacks nothing, clears a perpetual chase). Prints how often each pair of
rulings occurs and, for each disagreement, the game (its name in the
corpus, or the start FEN; the last eight moves) so that it can be judged
with `xqarbiter rule`; with `--reasons`, also xqarbiter's table of the
cycle's moves with their natures and reasons.
"""

import argparse
import collections
import os
import subprocess
import sys

try:
    import pyffish as sf
except ImportError:
    sys.exit("pyffish is not installed: pip install pyffish")

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")


def pyffish_moves(moves):
    """UCCI ranks 0-9 to pyffish's UCI ranks 1-10."""
    return [f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}" for m in moves]


def from_first_occurrence(fen, moves):
    """The FEN after the moves that reach the final position's first
    occurrence (same board and side to move), and the moves after it."""
    def placement(k):
        return sf.get_fen("xiangqi", fen, pyffish_moves(moves[:k])).split()[:2]
    last = placement(len(moves))
    first = next(k for k in range(len(moves) + 1) if placement(k) == last)
    return sf.get_fen("xiangqi", fen, pyffish_moves(moves[:first])), moves[first:]


def pyffish_ruling(fen, moves, to_move):
    """pyffish's verdict in xqarbiter's terms: draw, red_must_vary, black_must_vary or none."""
    fen, moves = from_first_occurrence(fen, moves)
    end, result = sf.is_optional_game_end("xiangqi", fen, pyffish_moves(moves))
    if not end:
        return "none"
    if result == 0:
        return "draw"
    other = "black" if to_move == "red" else "red"
    # The result is from the point of view of the side to move.
    return f"{to_move if result < 0 else other}_must_vary"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--corpus", metavar="DATA_FOLDER",
                        help="the master games of DATA_FOLDER/corpus instead of random games")
    parser.add_argument("--reasons", action="store_true",
                        help="after each disagreement, xqarbiter's table of the cycle's moves")
    args = parser.parse_args()
    which = ["--corpus", args.corpus] if args.corpus else [str(args.games)]
    done = subprocess.run(
        ["cargo", "run", "--release", "--quiet", "--example", "cycle_records", "--",
         *which, "axf"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    if done.returncode != 0:
        sys.exit(f"cycle_records failed:\n{done.stderr}")
    pairs = collections.Counter()
    differ = []
    for line in done.stdout.splitlines():
        fen, moves, ours, to_move, *name = line.split("\t")
        moves = moves.split()
        theirs = pyffish_ruling(fen, moves, to_move)
        pairs[(ours, theirs)] += 1
        if ours != theirs:
            game = name[0] if name else f"{len(moves)} plies from {fen}"
            differ.append((ours, theirs, game, " ".join(moves[-8:]), fen, moves))
    total = sum(pairs.values())
    agree = sum(n for (a, b), n in pairs.items() if a == b)
    print(f"{total} games, rulings agree on {agree} ({100.0 * agree / total:.1f}%)")
    for (ours, theirs), n in sorted(pairs.items(), key=lambda kv: -kv[1]):
        print(f"{n:6}  xqarbiter {ours:16} pyffish {theirs}")
    for ours, theirs, game, tail, fen, moves in differ:
        print(f"xqarbiter {ours}, pyffish {theirs}: {game}, ending {tail}")
        if args.reasons:
            print(cycle_table(fen, moves))


def cycle_table(fen, moves):
    """xqarbiter's per-move table of the repetition the moves end in, indented."""
    done = subprocess.run(
        ["cargo", "run", "--release", "--quiet", "--", "rule", "--rules", "axf", "--lang", "en",
         "--fen", fen, "--moves", " ".join(moves)],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    lines = done.stdout.splitlines()
    start = next((i for i, l in enumerate(lines) if l.startswith("ply ")), None)
    if start is None:
        return f"    (no table: {done.stderr.strip() or 'no repetition'})"
    end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
    return "\n".join("    " + l for l in lines[start:end])


if __name__ == "__main__":
    main()
