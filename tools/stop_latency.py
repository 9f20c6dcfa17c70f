#!/usr/bin/env python3
"""Measures what a `stop` costs behind the bridge, as an analysing GUI sees it:
`go infinite`, `stop` after --think ms, then a clock search of the same
position (or `--next infinite`: analysis of it again, stopped after --think
ms); per round the ms from `stop` to `bestmove`, the next search's ms and
deepest `info depth`, and at the end how often the bridge started the
engine (from its log).

    python3 tools/stop_latency.py --engine "/usr/games/sjaakii -ucci" --protocol ucci

`--bare` runs the same rounds against the engine itself, without the bridge,
for the ratio of the two (an engine that reads `stop`, and, with `--protocol
uci`, counts ranks from 1 as Fairy-Stockfish's UCI does).
"""
import argparse
import re
import time
from pathlib import Path

from ucci_pipe import Proc, ranks_from_one

BIN = str(Path(__file__).resolve().parent.parent / "target/release/xqarbiter")
LINE = ("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 b7a7 b0c2 h7h3 b2b6 c6c5 a0b0 a9b9 "
        "g3g4 h3h5 e3e4 h5c5 b6b7 c7e8").split()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", default="/usr/games/sjaakii -ucci")
    ap.add_argument("--protocol", default="ucci")
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--think", type=int, default=700, help="ms of go infinite before stop")
    ap.add_argument("--clock", type=int, default=4000, help="ms on the clock of the search after")
    ap.add_argument("--next", choices=("clock", "infinite"), default="clock",
                    help="after the stop: a clock search, or go infinite again (--think ms, stop)")
    ap.add_argument("--log", default="/tmp/stop_latency.log")
    ap.add_argument("--bare", action="store_true", help="the engine itself, without the bridge")
    args = ap.parse_args()
    bare_uci = args.bare and args.protocol == "uci"
    command = (args.engine.split() if args.bare else
               [BIN, "ucci", "--engine", args.engine, "--engine-protocol", args.protocol,
                "--log", args.log])
    proc = Proc(command)
    send, until = proc.send, proc.until_timed
    if bare_uci:
        send("uci")
        until(lambda l: l == "uciok")
        send("setoption name UCI_Variant value xiangqi")
        send("isready")
        until(lambda l: l == "readyok")
    else:
        send("ucci")
        until(lambda l: l == "ucciok")

    def up(mv):
        return ranks_from_one(mv) if bare_uci else mv
    stops, clocks = [], []
    for r in range(args.rounds):
        pos = "position startpos moves " + " ".join(up(m) for m in LINE[:2 * r])
        send(pos)
        send("go infinite")
        time.sleep(args.think / 1000)
        t0 = time.time()
        send("stop")
        t1, _ = until(lambda l: l.startswith(("bestmove", "nobestmove")))
        send(pos)
        t2 = time.time()
        if args.next == "clock" and bare_uci:
            send(f"go wtime {args.clock} btime {args.clock}")
        elif args.next == "clock":
            send(f"go time {args.clock} increment 0")
        else:
            send("go infinite")
            time.sleep(args.think / 1000)
            send("stop")
        t3, lines = until(lambda l: l.startswith(("bestmove", "nobestmove")))
        depth = max([int(m.group(1)) for l in lines for m in [re.match(r"info depth (\d+)", l)] if m]
                    or [0])
        stops.append((t1 - t0) * 1000)
        clocks.append(((t3 - t2) * 1000, depth))
        print(f"round {r + 1}: stop answered in {stops[-1]:.0f} ms; clock search "
              f"{clocks[-1][0]:.0f} ms, depth {depth}", flush=True)
    proc.quit()
    starts = "no bridge" if args.bare else open(args.log).read().count("(started process")
    print(f"stop answered in {sum(stops) / len(stops):.0f} ms on average (max {max(stops):.0f}); "
          f"next searches {sum(c for c, _ in clocks) / len(clocks):.0f} ms, "
          f"depth {sum(d for _, d in clocks) / len(clocks):.1f} on average; engine started {starts} times")


if __name__ == "__main__":
    main()
