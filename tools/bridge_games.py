#!/usr/bin/env python3
"""Plays whole games between two engines, each behind its own xqarbiter bridge,
as a match runner would, with a third xqarbiter session as the referee.

    python3 tools/bridge_games.py --red "/usr/games/sjaakii -ucci" --red-protocol ucci \
        --black /usr/games/fairy-stockfish --black-protocol uci --games 2

The GUI side speaks UCI (ranks 1-10 after UCI_Variant) or UCCI (--gui ucci).
`--plain black` (or `red`) runs that side's engine without a bridge, spoken
to directly in the GUI's protocol: a match of the bridge against the bare
engine, where the bare one may play a move the rules forbid (which ends the
game, named BANNED MOVE PLAYED).
Before every move the referee is asked for the position's state (game over,
banned moves); after it, the move must be legal and not banned. Every `go`
must get exactly one `bestmove`. Clocks are kept here: a side whose clock
runs out loses. Each game's line ends with its outcome and counts (plies,
bans the referee listed, engine answers the bridge refused, own moves).
"""
import argparse
import queue
import re
import subprocess
import threading
import time
from pathlib import Path

BIN = str(Path(__file__).resolve().parent.parent / "target/release/xqarbiter")


class Proc:
    def __init__(self, args, name):
        self.name = name
        self.p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.q = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.q.put(line.rstrip("\n"))
        self.q.put(None)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, pred, timeout=120):
        lines = []
        end = time.time() + timeout
        while True:
            line = self.q.get(timeout=max(0.01, end - time.time()))
            if line is None:
                raise RuntimeError(f"{self.name}: EOF after {lines}")
            lines.append(line)
            if pred(line):
                return lines


def handshake(proc, gui):
    if gui == "uci":
        proc.send("uci")
        proc.until(lambda l: l == "uciok")
        proc.send("setoption name UCI_Variant value xiangqi")
        proc.send("ucinewgame")
    else:
        proc.send("ucci")
        proc.until(lambda l: l == "ucciok")
        proc.send("setoption newgame")
    proc.send("isready")
    proc.until(lambda l: l == "readyok")


def is_best(line):
    return line.startswith("bestmove") or line == "nobestmove"


def play(n, args, red_first):
    engines = [(args.red, args.red_protocol), (args.black, args.black_protocol)]
    if not red_first:
        engines.reverse()
    names = [Path(e.split()[0]).name for e, _ in engines]
    logs = [f"{args.log_dir}/bridge-game{n}-{c}.log" for c in ("red", "black")]
    plain = ["red", "black"].index(args.plain) if args.plain else None
    if plain is not None and not red_first:
        plain = 1 - plain
    sides = [Proc(e.split(), f"{c} {name}(plain)") if i == plain else
             Proc([BIN, "ucci", "--profile", args.profile, "--engine", e,
                   "--engine-protocol", proto, "--log", log], f"{c} {name}({proto})")
             for i, ((e, proto), log, c, name) in
             enumerate(zip(engines, logs, ("red", "black"), names))]
    ref = Proc([BIN, "ucci", "--profile", args.profile], "referee")
    for p in sides + [ref]:
        handshake(p, args.gui)
    head, _, pre = args.start.partition(" moves ")
    moves = pre.split()
    clocks = [args.time, args.time]
    turn = (0 if head == "position startpos" or " w " in head else 1) ^ (len(moves) % 2)
    stats = dict(gos=0, bans=0, refused=0, own=0, extra=0)
    sources = {}
    result = None
    wtime_words = ("wtime", "btime", "winc", "binc") if args.gui == "uci" else None
    for ply in range(args.max_plies):
        pos = f"{head} moves {' '.join(moves)}" if moves else head
        ref.send(pos)
        ref.send("go depth 1")
        rlines = ref.until(is_best)
        if any("position rejected" in l for l in rlines):
            result = f"ILLEGAL position reached: {rlines}"
            break
        over = [l for l in rlines if l.startswith("info string game over")]
        if over:
            result = over[0][len("info string game over: "):]
            break
        banned = {l.split()[3] for l in rlines if l.startswith("info string banned ")}
        stats["bans"] += len(banned)
        side = sides[turn]
        side.send(pos)
        if args.depth_every and ply % args.depth_every == args.depth_every - 1:
            go = f"go depth {args.depth}"
        elif wtime_words:
            go = f"go wtime {clocks[0]} btime {clocks[1]} winc {args.inc} binc {args.inc}"
        else:
            go = (f"go time {clocks[turn]} increment {args.inc} "
                  f"opptime {clocks[1 - turn]} oppincrement {args.inc}")
        t0 = time.time()
        side.send(go)
        stats["gos"] += 1
        lines = side.until(is_best)
        spent = int((time.time() - t0) * 1000)
        infos = [l for l in lines if l.startswith("info string")]
        stats["refused"] += sum(1 for l in infos if "engine answered" in l)
        for l in infos:
            if "playing " in l:
                stats["own"] += 1
                source = l.rsplit("(", 1)[-1].split(",")[0].rstrip(")")
                sources[source] = sources.get(source, 0) + 1
        if not go.startswith("go depth"):
            clocks[turn] += args.inc - spent
            if clocks[turn] <= 0:
                result = f"{side.name} lost on time ({spent} ms for the move)"
                break
        words = lines[-1].split()
        mv = words[1] if len(words) > 1 else "(none)"
        if mv == "(none)" or lines[-1] == "nobestmove":
            result = f"{side.name}: no move: {infos}"
            break
        if mv in banned:
            result = f"BANNED MOVE PLAYED {mv} by {side.name}"
            break
        pattern = r"[a-i](10|[1-9])[a-i](10|[1-9])" if args.gui == "uci" else r"[a-i][0-9][a-i][0-9]"
        if not re.fullmatch(pattern, mv):
            result = f"move {mv} in the wrong ranks"
            break
        moves.append(mv)
        turn ^= 1
        # Nothing more may come for this go.
        time.sleep(0.01)
        while not side.q.empty():
            extra = side.q.get()
            if extra is not None and is_best(extra):
                stats["extra"] += 1
    else:
        result = f"stopped after {args.max_plies} plies"
    for p in sides + [ref]:
        p.send("quit")
        try:
            p.p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            p.p.kill()
            result += f"; {p.name} did not quit"
    counts = []
    for i, log in enumerate(logs):
        if i == plain:
            counts.append("plain")
            continue
        text = open(log).read().splitlines()
        gui_go = sum(1 for l in text if " GUI-> go" in l)
        gui_best = sum(1 for l in text if re.search(r" ->GUI (bestmove|nobestmove)", l))
        counts.append(f"{gui_go} go/{gui_best} answers")
    print(f"game {n}: red {names[0]}, black {names[1]}, {len(moves)} plies, "
          f"{stats['bans']} bans listed, {stats['refused']} engine answers refused, "
          f"{stats['own']} own moves, {stats['extra']} extra bestmoves, "
          f"clocks {clocks}, bridges {counts}: {result}", flush=True)
    for source, count in sorted(sources.items()):
        print(f"  own move x{count}: {source}", flush=True)
    print("  moves:", " ".join(moves[len(pre.split()):]), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--red", default="/usr/games/sjaakii -ucci")
    ap.add_argument("--red-protocol", default="ucci")
    ap.add_argument("--black", default="/usr/games/fairy-stockfish")
    ap.add_argument("--black-protocol", default="uci")
    ap.add_argument("--gui", choices=("uci", "ucci"), default="uci")
    ap.add_argument("--plain", choices=("red", "black"),
                    help="this side's engine plays without a bridge (colours alternate with it)")
    ap.add_argument("--profile", default="cxa2020")
    ap.add_argument("--games", type=int, default=2, help="games, colours alternating")
    ap.add_argument("--time", type=int, default=10000, help="ms on each clock")
    ap.add_argument("--inc", type=int, default=100, help="ms increment")
    ap.add_argument("--depth-every", type=int, default=0, help="every Nth go is a depth search")
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--log-dir", default="/tmp", help="where the bridges' logs are written")
    ap.add_argument("--start", default="position startpos",
                    help="the position line to start from, in the GUI's ranks")
    args = ap.parse_args()
    for n in range(1, args.games + 1):
        play(n, args, red_first=n % 2 == 1)


if __name__ == "__main__":
    main()
