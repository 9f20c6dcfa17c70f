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

What else a match runner does, on request: `--ponder` (after its move a side
ponders on the `ponder` move it named, `go ponder` with the clocks; the
opponent's move is then a `ponderhit`, or a `stop`, whose answer is dropped,
and a new search), `--infinite-every N` (every Nth search is `go infinite`,
stopped after --think ms, its answer played), `--isready` (an `isready` right
after every `go` or `ponderhit`, as a GUI checking that the engine lives
sends it: how long its `readyok` takes while the search runs),
`--setoption-every N` (a `setoption` of the hash size between moves) and
`--reuse` (the same processes for every game, a new game announced by
`ucinewgame` / `setoption newgame`, the next game starting at once). Searches
that count as moves get the clock; the summary gives the bridges' answer
times per kind of `go`.

After the games a match summary: the games played, their results (the
referee's words for how each ended, counted), the forbidden moves prevented
(bans the referee listed for the side to move, and the engine answers the
bridges refused), the protocol errors (a banned, illegal or misranked move,
a missing or extra `bestmove`, a go left unanswered, a process that did not
quit, a bridge log whose `go`s and answers do not pair up) and the longest
wait for `readyok` during a search and for the answer to `stop`.
"""
import argparse
import queue
import re
import time
from collections import Counter
from pathlib import Path

from ucci_pipe import Proc

BIN = str(Path(__file__).resolve().parent.parent / "target/release/xqarbiter")


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


def messages(lines):
    """The text of the session's messages among `lines`: `info message`
    (UCCI) or `info string` (UCI)."""
    return [l.split(" ", 2)[2] for l in lines
            if l.startswith(("info message ", "info string "))]


def is_best(line):
    return line.startswith("bestmove") or line == "nobestmove"


def new_game(proc, gui):
    proc.send("ucinewgame" if gui == "uci" else "setoption newgame")
    proc.send("isready")
    proc.until(lambda l: l == "readyok")


def start(args, tag):
    """The two engines' sides (bridged, or plain for --plain) and the referee,
    handshaken; the sides in the order of --red, --black, each with the path of
    its bridge's log (None when plain)."""
    engines = [(args.red, args.red_protocol), (args.black, args.black_protocol)]
    sides = []
    for i, ((e, proto), c) in enumerate(zip(engines, ("red", "black"))):
        name = Path(e.split()[0]).name
        if args.plain == c:
            proc, log = Proc(e.split(), f"{name}(plain)"), None
        else:
            log = f"{args.log_dir}/bridge-{tag}-{c}-engine.log"
            proc = Proc([BIN, "ucci", "--profile", args.profile, "--engine", e,
                         "--engine-protocol", proto, "--log", log], f"{name}({proto})")
        proc.log = log
        proc.ponder = None
        sides.append(proc)
    ref = Proc([BIN, "ucci", "--profile", args.profile], "referee")
    for p in sides + [ref]:
        handshake(p, args.gui)
    return sides, ref


def quit_all(procs):
    return [f"{p.name} did not quit" for p in procs if not p.quit()]


def clock_go(args, clocks, turn, ponder=False):
    word = "go ponder" if ponder else "go"
    if args.gui == "uci":
        return f"{word} wtime {clocks[0]} btime {clocks[1]} winc {args.inc} binc {args.inc}"
    return (f"{word} time {clocks[turn]} increment {args.inc} "
            f"opptime {clocks[1 - turn]} oppincrement {args.inc}")


def stop_pondering(side, stats):
    """Ends a side's ponder search that missed: `stop`, its answer dropped."""
    side.send("stop")
    t0 = time.time()
    side.until(is_best)
    stats["ponder_stop_ms"].append(int((time.time() - t0) * 1000))
    side.ponder = None


# Game endings that show a protocol error (a bridge's or an engine's), not
# the play: the referee's and the clocks' endings are results.
PROTOCOL_ERRORS = ("BANNED MOVE PLAYED", "ILLEGAL position", "move ", "no answer")


def is_protocol_error(result):
    return result.startswith(PROTOCOL_ERRORS) or ": no move:" in result


def play(n, args, procs, red_first):
    sides, ref = procs
    if not red_first:
        sides = sides[::-1]
    names = [p.name for p in sides]
    if args.reuse and n > 1:
        for p in sides + [ref]:
            new_game(p, args.gui)
    head, _, pre = args.start.partition(" moves ")
    moves = pre.split()
    clocks = [args.time, args.time]
    turn = (0 if head == "position startpos" or " w " in head else 1) ^ (len(moves) % 2)
    stats = dict(gos=0, bans=0, refused=0, own=0, extra=0, hits=0, misses=0,
                 readyok_ms=[], ponder_stop_ms=[])
    answer_ms = {}
    sources = {}
    result = None
    for ply in range(args.max_plies):
        pos = f"{head} moves {' '.join(moves)}" if moves else head
        ref.send(pos)
        ref.send("go depth 1")
        rlines = ref.until(is_best)
        if any("position rejected" in l for l in rlines):
            result = f"ILLEGAL position reached: {rlines}"
            break
        notes = messages(rlines)
        over = [m for m in notes if m.startswith("game over: ")]
        if over:
            result = over[0][len("game over: "):]
            break
        banned = {m.split()[1] for m in notes if m.startswith("banned ")}
        stats["bans"] += len(banned)
        side = sides[turn]
        if args.setoption_every and ply % args.setoption_every == 0:
            mb = 16 << (ply // args.setoption_every % 2)
            side.send(f"setoption name Hash value {mb}" if args.gui == "uci"
                      else f"setoption hashsize {mb}")
        if args.depth_every and ply % args.depth_every == args.depth_every - 1:
            kind, go = "depth", f"go depth {args.depth}"
        elif args.infinite_every and ply % args.infinite_every == args.infinite_every - 1:
            kind, go = "infinite", "go infinite"
        else:
            kind, go = "clock", clock_go(args, clocks, turn)
        hit = side.ponder is not None and kind == "clock" and moves and side.ponder == moves[-1]
        if side.ponder is not None and not hit:
            stats["misses"] += 1
            stop_pondering(side, stats)
        t0 = time.time()
        if hit:
            stats["hits"] += 1
            kind = "ponderhit"
            side.send("ponderhit")
            side.ponder = None
        else:
            side.send(pos)
            side.send(go)
        stats["gos"] += 1
        lines = []
        if args.isready:
            # While it searches: the answer must come at once, not after the move.
            t1 = time.time()
            side.send("isready")
            lines = side.until(lambda l: l == "readyok" or is_best(l))
            if lines[-1] == "readyok":
                stats["readyok_ms"].append(int((time.time() - t1) * 1000))
            else:
                side.until(lambda l: l == "readyok")
        # No stop after the answer: the search it would stop is over.
        if kind == "infinite" and not (lines and is_best(lines[-1])):
            time.sleep(args.think / 1000)
            side.send("stop")
            t0 = time.time()
        if not lines or not is_best(lines[-1]):
            try:
                lines += side.until(is_best, timeout=args.stall / 1000)
            except queue.Empty:
                result = f"no answer from {side.name} within {args.stall} ms of its {kind}"
                break
        spent = int((time.time() - t0) * 1000)
        answer_ms.setdefault(kind, []).append(spent)
        infos = messages(lines)
        stats["refused"] += sum(1 for l in infos if "engine answered" in l)
        for l in infos:
            if "playing " in l:
                stats["own"] += 1
                source = l.rsplit("(", 1)[-1].split(",")[0].rstrip(")")
                sources[source] = sources.get(source, 0) + 1
        if kind in ("clock", "ponderhit"):
            clocks[turn] += args.inc - spent
            if clocks[turn] <= 0:
                result = f"{('Red', 'Black')[turn]} lost on time: {side.name}, {spent} ms for the move"
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
        stats["extra"] += sum(1 for extra in side.waiting() if is_best(extra))
        ponder = words[3] if len(words) > 3 and words[2] == "ponder" else None
        if args.ponder and ponder:
            side.ponder = ponder
            side.send(f"{head} moves {' '.join(moves + [ponder])}")
            side.send(clock_go(args, clocks, turn ^ 1, ponder=True))
    else:
        result = f"stopped after {args.max_plies} plies"
    for side in sides:
        if side.ponder is not None:
            stop_pondering(side, stats)
    notes = [] if args.reuse else quit_all(sides + [ref])
    if notes:
        result += "; " + "; ".join(notes)
    counts = []
    unpaired = 0
    for side in sides:
        if side.log is None:
            counts.append("plain")
            continue
        text = open(side.log).read().splitlines()
        gui_go = sum(1 for l in text if " GUI-> go" in l)
        gui_best = sum(1 for l in text if re.search(r" ->GUI (bestmove|nobestmove)", l))
        counts.append(f"{gui_go} go/{gui_best} answers")
        unpaired += gui_go != gui_best
    print(f"game {n}: red {names[0]}, black {names[1]}, {len(moves)} plies, "
          f"{stats['bans']} bans listed, {stats['refused']} engine answers refused, "
          f"{stats['own']} own moves, {stats['extra']} extra bestmoves, "
          f"ponder {stats['hits']} hits/{stats['misses']} misses, "
          f"readyok during the search {len(stats['readyok_ms'])}x, max "
          f"{max(stats['readyok_ms'], default=0)} ms, "
          f"clocks {clocks}, bridges {counts}: {result}", flush=True)
    for kind, ms in sorted(answer_ms.items()):
        ms = sorted(ms)
        print(f"  {kind}: {len(ms)} answers, median {ms[len(ms) // 2]} ms, max {ms[-1]} ms "
              f"({'from stop' if kind == 'infinite' else 'from go' if kind != 'ponderhit' else 'from ponderhit'})",
              flush=True)
    if stats["ponder_stop_ms"]:
        ms = sorted(stats["ponder_stop_ms"])
        print(f"  ponder stops: {len(ms)}, median {ms[len(ms) // 2]} ms, max {ms[-1]} ms", flush=True)
    for source, count in sorted(sources.items()):
        print(f"  own move x{count}: {source}", flush=True)
    print("  moves:", " ".join(moves[len(pre.split()):]), flush=True)
    stops = stats["ponder_stop_ms"] + answer_ms.get("infinite", [])
    errors = [result] if is_protocol_error(result) else []
    errors += notes
    errors += [f"{stats['extra']} extra bestmoves"] if stats["extra"] else []
    errors += [f"{unpaired} bridge logs with unpaired go/answers"] if unpaired else []
    return dict(result=result, bans=stats["bans"], refused=stats["refused"], errors=errors,
                readyok_ms=max(stats["readyok_ms"], default=None),
                stop_ms=max(stops, default=None))


def ending(result):
    """A game's result without its details (plies, moves, times): the
    referee's words up to the first comma or bracket."""
    return re.split(r"[,(\[:]", result, maxsplit=1)[0].strip()


def summary(games):
    """The match's numbers, one line each."""
    print(f"match: {len(games)} games", flush=True)
    for what, count in Counter(ending(g["result"]) for g in games).most_common():
        print(f"  result x{count}: {what}", flush=True)
    print(f"  forbidden moves prevented: {sum(g['bans'] for g in games)} bans the referee listed "
          f"for the side to move, {sum(g['refused'] for g in games)} engine answers refused",
          flush=True)
    errors = [e for g in games for e in g["errors"]]
    print(f"  protocol errors: {len(errors)}", flush=True)
    for e in errors:
        print(f"    {e}", flush=True)
    for key, what in (("readyok_ms", "readyok during a search"), ("stop_ms", "answer to stop")):
        waits = [g[key] for g in games if g[key] is not None]
        print(f"  longest {what}: " + (f"{max(waits)} ms" if waits else "none asked"), flush=True)


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
    ap.add_argument("--ponder", action="store_true", help="sides ponder on their ponder move")
    ap.add_argument("--infinite-every", type=int, default=0,
                    help="every Nth search is go infinite, stopped after --think ms")
    ap.add_argument("--think", type=int, default=300, help="ms of go infinite before stop")
    ap.add_argument("--isready", action="store_true",
                    help="isready right after every go and stop")
    ap.add_argument("--setoption-every", type=int, default=0,
                    help="a setoption of the hash size before every Nth move")
    ap.add_argument("--reuse", action="store_true",
                    help="the same processes for every game, with a new-game command")
    ap.add_argument("--stall", type=int, default=60000,
                    help="ms past which a go left unanswered ends the game as a protocol error")
    args = ap.parse_args()
    procs = start(args, "games") if args.reuse else None
    games = [play(n, args, procs or start(args, f"game{n}"), red_first=n % 2 == 1)
             for n in range(1, args.games + 1)]
    if procs:
        notes = quit_all(procs[0] + [procs[1]])
        if notes:
            games[-1]["errors"] += notes
    summary(games)


if __name__ == "__main__":
    main()
