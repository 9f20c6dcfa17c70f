#!/usr/bin/env python3
"""Perft speed, xqarbiter against Fairy-Stockfish, start position, one thread, bulk counting.

Runs `xqarbiter perft D --json` (release build) and Fairy-Stockfish `go perft D` in turn,
--runs times each, alternating, and prints leaves/s two ways:
  * wall: the whole process, start-up included;
  * core: start-up excluded (xqarbiter's own timer; for Fairy-Stockfish the time from
    sending `go perft D` to reading `Nodes searched`, after `isready` has answered).
The ratio is xqarbiter / Fairy-Stockfish on the best run of each.

Usage: tools/perft_speed.py [-d 5] [--runs 3] [--xqarbiter PATH] [--fsf PATH]
"""

import argparse
import json
import subprocess
import sys
import time

import executables


def run_xq(exe, depth):
    t0 = time.perf_counter()
    out = subprocess.run([exe, "perft", str(depth), "--json"], capture_output=True, text=True, check=True)
    wall = time.perf_counter() - t0
    data = json.loads(out.stdout)
    return data["nodes"], wall, data["seconds"]


def run_fsf(exe, depth):
    t0 = time.perf_counter()
    p = subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def wait_for(prefix):
        for line in p.stdout:
            if line.startswith(prefix):
                return line
        raise RuntimeError("Fairy-Stockfish exited early")

    send("uci")
    send("setoption name UCI_Variant value xiangqi")
    send("position startpos")
    send("isready")
    wait_for("readyok")
    t1 = time.perf_counter()
    send(f"go perft {depth}")
    nodes = int(wait_for("Nodes searched:").split(":")[1])
    t2 = time.perf_counter()
    send("quit")
    p.wait()
    return nodes, time.perf_counter() - t0, t2 - t1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-d", "--depth", type=int, default=5)
    ap.add_argument("--runs", type=int, default=3)
    executables.add_options(ap)
    args = ap.parse_args()
    if executables.missing(args):
        return 2

    results = {"xqarbiter": [], "fairy-stockfish": []}
    for i in range(args.runs):
        for name, fn, exe in (("xqarbiter", run_xq, args.xqarbiter), ("fairy-stockfish", run_fsf, args.fsf)):
            nodes, wall, core = fn(exe, args.depth)
            results[name].append((nodes, wall, core))
            print(
                f"run {i + 1} {name:16} perft {args.depth} = {nodes:,}  wall {wall:6.3f} s "
                f"({nodes / wall / 1e6:6.1f} M/s)  core {core:6.3f} s ({nodes / core / 1e6:6.1f} M/s)"
            )
    counts = {r[0] for rs in results.values() for r in rs}
    if len(counts) != 1:
        print(f"node counts differ: {sorted(counts)}", file=sys.stderr)
        return 1
    nodes = counts.pop()
    best = {name: (min(r[1] for r in rs), min(r[2] for r in rs)) for name, rs in results.items()}
    for name, (wall, core) in best.items():
        print(f"best {name:16} wall {nodes / wall / 1e6:6.1f} M leaves/s   core {nodes / core / 1e6:6.1f} M leaves/s")
    xw, xc = best["xqarbiter"]
    fw, fc = best["fairy-stockfish"]
    print(f"ratio xqarbiter / fairy-stockfish: wall {fw / xw:.1f}x   core {fc / xc:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
