#!/usr/bin/env python3
"""Where a function's instructions go: callgrind's per-instruction counts beside its disassembly.

callgrind_annotate gives counts by source line, which for this crate's inlined bitboard and
attack-table code spreads one function over a dozen files; this joins the counts of every
instruction of the functions whose name contains FUNCTION (their own instructions, calls
excluded) with `objdump -d` of the binary, so the hot stretches show as they run.

    valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file=cg.out \\
        --toggle-collect='*Referee::ruling*' target/release/examples/referee_profile CXA-图2 200
    tools/callgrind_asm.py cg.out target/release/examples/referee_profile 'Position::attackers_to'
    tools/callgrind_asm.py cg.out target/release/examples/referee_profile leaves_king_safe --blocks

Without --blocks: every instruction with its count. With --blocks: the runs of consecutive
executed instructions with the same count (straight-line code), as count x length = total,
heaviest first, with the address of the run's first instruction.

Usage: tools/callgrind_asm.py OUT BINARY FUNCTION [--blocks] [--top N]
Exit status: 0 done, 2 no counts for FUNCTION (or a file that cannot be read).
"""

import argparse
import collections
import re
import signal
import subprocess
import sys

NAMED = re.compile(r"^(c?fn)=\((\d+)\)(?: (.*))?$")


def position(token, last):
    """An address or line in callgrind's compressed form: absolute, +delta, -delta or * (same)."""
    if token == "*":
        return last
    if token[0] in "+-":
        return last + int(token, 0)
    return int(token, 0)


def counts_of(path, function):
    """Instruction address -> Ir, for the functions whose name contains `function`."""
    names = {}
    counts = collections.Counter()
    current = None
    addr = line = 0
    after_calls = False
    with open(path, encoding="utf-8", errors="replace") as f:
        for raw in f:
            text = raw.rstrip("\n")
            m = NAMED.match(text)
            if m:
                kind, idx, name = m.groups()
                if name:
                    names[idx] = name
                if kind == "fn":
                    current = names.get(idx, "")
                continue
            if text.startswith("calls="):
                # The next cost line is the call's inclusive cost, not the instruction's own.
                after_calls = True
                continue
            if not text or text[0] not in "0123456789+-*":
                continue
            parts = text.split()
            addr = position(parts[0], addr)
            if len(parts) > 1:
                line = position(parts[1], line)
            if after_calls:
                after_calls = False
                continue
            if current and function in current and len(parts) > 2:
                counts[addr] += int(parts[2])
    return counts


def disassembly(binary, low, high):
    """(address, text) of every instruction from `low` to `high` inclusive."""
    out = subprocess.run(
        ["objdump", "-d", "--no-show-raw-insn", "-M", "intel",
         f"--start-address={low}", f"--stop-address={high + 1}", binary],
        capture_output=True, text=True, check=True,
    ).stdout
    rows = []
    for text in out.splitlines():
        m = re.match(r"^\s*([0-9a-f]+):\s*(.*)$", text)
        if m:
            rows.append((int(m.group(1), 16), m.group(2)))
    return rows


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet when piped into head
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", help="callgrind output, recorded with --dump-instr=yes")
    ap.add_argument("binary", help="the profiled binary")
    ap.add_argument("function", help="a substring of the function names, as callgrind writes them")
    ap.add_argument("--blocks", action="store_true", help="straight-line runs, heaviest first")
    ap.add_argument("--top", type=int, default=40, help="runs shown with --blocks (default 40)")
    args = ap.parse_args()
    try:
        counts = counts_of(args.out, args.function)
    except OSError as e:
        print(f"callgrind_asm: cannot read {args.out}: {e}", file=sys.stderr)
        return 2
    if not counts:
        print(f"callgrind_asm: no instruction counts for '{args.function}' in {args.out} "
              "(recorded without --dump-instr=yes, or no such function)", file=sys.stderr)
        return 2
    rows = disassembly(args.binary, min(counts), max(counts))
    print(f"{sum(counts.values()):,} instructions in functions matching '{args.function}'")
    if not args.blocks:
        # Long stretches that never ran (panics, other functions between) are one line each.
        idle = []

        def flush():
            if len(idle) > 8:
                print(f"{'':>10}  ... {len(idle)} instructions not run "
                      f"({idle[0][0]:x}-{idle[-1][0]:x})")
            else:
                for a, t in idle:
                    print(f"{'':>10}  {a:x}: {t}")
            idle.clear()

        for addr, text in rows:
            n = counts.get(addr, 0)
            if n:
                flush()
                print(f"{n:>10}  {addr:x}: {text}")
            else:
                idle.append((addr, text))
        flush()
        return 0
    # A run goes on while the next instruction (in address order) ran as often.
    runs = []
    last = 0
    for addr, _ in rows:
        n = counts.get(addr, 0)
        if n and n == last:
            runs[-1][1] += 1
        elif n:
            runs.append([n, 1, addr])
        last = n
    for n, length, start in sorted(runs, key=lambda r: -r[0] * r[1])[: args.top]:
        print(f"{n:>10,} x {length:>3} = {n * length:>12,}  at {start:x}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
