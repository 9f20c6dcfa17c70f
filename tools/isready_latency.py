#!/usr/bin/env python3
"""Measures how long `isready` waits for `readyok` while a search runs, as a
GUI that pings its engine sees it: after each `go`, an `isready` every
--every ms until the search's `bestmove`, each one sent when the last was
answered. Per round: how many were answered, the median and the longest
wait, and what the bridge was doing at the longest (the last line it wrote
before that `readyok`).

    python3 tools/isready_latency.py --engine /usr/games/fairy-stockfish --protocol uci \
        --position "position fen 1R3a3/3ka4/bRr4r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w - - 0 1 moves b7b8 d8d7 b8b7 d7d8"

`--bare` runs the same rounds against the engine itself (UCCI; `--protocol
uci` speaks UCI with ranks from 1, as Fairy-Stockfish's UCI does). `--bin`
names another xqarbiter build (a base to compare with). The phases of a
bridged search show in which line came last: the bridge judging the
position before the engine's `go`, the engine's `info` lines, the bridge's
own search of the allowed moves (after an engine answer it may not pass
on), the engine's short searches of each candidate.
"""
import argparse
import re
import statistics
import time
from pathlib import Path

from ucci_pipe import Proc, ranks_from_one

BIN = str(Path(__file__).resolve().parent.parent / "target/release/xqarbiter")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", default="/usr/games/fairy-stockfish")
    ap.add_argument("--protocol", default="ucci")
    ap.add_argument("--position", default="position startpos")
    ap.add_argument("--banmoves", default="", help="moves the GUI bans (UCCI banmoves)")
    ap.add_argument("--go", default="go time 1000 increment 0",
                    help="the search (UCCI form; ms, as the GUI sets usemillisec)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--every", type=float, default=2, help="ms between a readyok and the next isready")
    ap.add_argument("--bare", action="store_true", help="the engine itself, without the bridge")
    ap.add_argument("--bin", default=BIN, help="the xqarbiter binary")
    ap.add_argument("--args", default="", help="more arguments for the bridge")
    args = ap.parse_args()
    bare_uci = args.bare and args.protocol == "uci"
    command = (args.engine.split() if args.bare else
               [args.bin, "ucci", "--engine", args.engine, "--engine-protocol", args.protocol]
               + args.args.split())
    proc = Proc(command)
    send, until = proc.send, proc.until

    def up(mv):
        return ranks_from_one(mv) if bare_uci else mv

    if bare_uci:
        send("uci")
        until(lambda l: l == "uciok")
        send("setoption name UCI_Variant value xiangqi")
    else:
        send("ucci")
        until(lambda l: l == "ucciok")
        send("setoption usemillisec true")
    send("isready")
    until(lambda l: l == "readyok")
    position = " ".join(up(w) for w in args.position.split())
    go = args.go
    if bare_uci:
        t = re.search(r"time (\d+)", go)
        go = f"go wtime {t[1]} btime {t[1]}" if t else go
    worst_all = []
    for r in range(args.rounds):
        send(position)
        if args.banmoves:
            send(f"banmoves {args.banmoves}")
        send(go)
        waits, last, worst = [], "", (0.0, "")
        done = False
        while not done:
            t0 = time.time()
            send("isready")
            while True:
                t, line = proc.line()
                if line == "readyok":
                    w = (t - t0) * 1000
                    waits.append(w)
                    if w > worst[0]:
                        worst = (w, last)
                    break
                if line.startswith(("bestmove", "nobestmove")):
                    done = True
                last = line
            time.sleep(args.every / 1000)
        worst_all.append(worst[0])
        print(f"round {r + 1}: {len(waits)} isready, median {statistics.median(waits):.1f} ms, "
              f"longest {worst[0]:.1f} ms after '{worst[1][:90]}'", flush=True)
    proc.quit()
    print(f"longest wait per round: median {statistics.median(worst_all):.1f} ms, "
          f"max {max(worst_all):.1f} ms", flush=True)


if __name__ == "__main__":
    main()
