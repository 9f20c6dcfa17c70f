#!/usr/bin/env python3
"""Measures how late a `ponderhit` reaches the engine through the bridge: the
time from the GUI's `ponderhit` to the engine reading it. The engine starts
its clock when it reads it (UCI and UCCI give no clock with `ponderhit`), so
this wait is what it overspends on the GUI's clock.

    python3 tools/ponderhit_latency.py --engine /usr/games/fairy-stockfish --protocol uci

The engine runs behind a relay (this script again, `--relay LOG`) that
writes the time each line reached the engine's input and passes it on. Each
round: `position`, `go ponder` with the clocks, --ponder ms of pondering,
then `ponderhit`, and the answer. `--bare` runs the same rounds against the
relayed engine without the bridge (the relay's own cost), speaking the
engine's protocol (UCI with ranks from 1, as Fairy-Stockfish's UCI). Per run:
the median and the longest wait, in ms; the difference bridged − bare is the
bridge's share.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from ucci_pipe import Proc

BIN = str(Path(__file__).resolve().parent.parent / "target/release/xqarbiter")


def relay(log, command):
    """Runs `command`, passing this process's input to it line by line and
    writing each line's arrival time (epoch seconds) and text to `log`; its
    output goes out unchanged."""
    engine = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=sys.stdout, text=True, bufsize=1)
    with open(log, "w", buffering=1) as out:
        for line in sys.stdin:
            out.write(f"{time.time():.6f} {line}")
            engine.stdin.write(line)
            engine.stdin.flush()
    engine.stdin.close()
    engine.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", default="/usr/games/fairy-stockfish")
    ap.add_argument("--protocol", default="uci")
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--ponder", type=int, default=200, help="ms of pondering before the ponderhit")
    ap.add_argument("--clock", type=int, default=2000, help="ms on each clock")
    ap.add_argument("--bare", action="store_true", help="the relayed engine without the bridge")
    ap.add_argument("--bin", default=BIN, help="the xqarbiter binary")
    ap.add_argument("--relay", help=argparse.SUPPRESS)
    args, rest = ap.parse_known_args()
    if args.relay:
        relay(args.relay, rest[rest.index("--") + 1:] if "--" in rest else rest)
        return
    fd, log = tempfile.mkstemp(suffix=".relay")
    os.close(fd)
    relayed = [sys.executable, os.path.abspath(__file__), "--relay", log, "--", args.engine]
    if args.bare:
        proc = Proc(relayed, "engine")
        uci = args.protocol == "uci"
    else:
        proc = Proc([args.bin, "ucci", "--engine", " ".join(relayed), "--engine-protocol", args.protocol],
                    "bridge")
        uci = False
    if uci:
        proc.send("uci")
        proc.until(lambda l: l == "uciok")
        proc.send("setoption name UCI_Variant value xiangqi")
        go = f"go ponder wtime {args.clock} btime {args.clock}"
        position = "position startpos moves h3e3"
    else:
        proc.send("ucci")
        proc.until(lambda l: l == "ucciok")
        proc.send("setoption usemillisec true")
        go = f"go ponder time {args.clock} opptime {args.clock}"
        position = "position startpos moves h2e2"
    proc.send("isready")
    proc.until(lambda l: l == "readyok")
    sent = []
    for _ in range(args.rounds):
        proc.send(position)
        proc.send(go)
        time.sleep(args.ponder / 1000)
        sent.append(time.time())
        proc.send("ponderhit")
        proc.until(lambda l: l.startswith("bestmove") or l == "nobestmove")
    proc.quit()
    time.sleep(0.5)
    with open(log) as f:
        heard = [float(l.split(" ", 1)[0]) for l in f if l.split(" ", 1)[1].strip() == "ponderhit"]
    os.remove(log)
    if len(heard) != len(sent):
        sys.exit(f"{len(sent)} ponderhits sent, {len(heard)} reached the engine")
    waits = [(h - s) * 1000 for s, h in zip(sent, heard)]
    what = "bare (relay only)" if args.bare else "through the bridge"
    print(f"{what}, {args.protocol} engine, {len(waits)} ponderhits: median {statistics.median(waits):.2f} ms, "
          f"max {max(waits):.2f} ms", flush=True)


if __name__ == "__main__":
    main()
