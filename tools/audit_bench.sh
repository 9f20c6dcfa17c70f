#!/usr/bin/env bash
# Audit throughput: generate a library of random legal games (PGN), time
# `xqarbiter audit --jsonl` on it, time a pyffish reference audit of the same
# games (a sample, extrapolated), print both rates and the ratio.
#
#   tools/audit_bench.sh            # 100,000 games in 100 files, 2 threads, 200-game pyffish sample
#   GAMES=200000 FILES=400 THREADS=2 SAMPLE=500 REFERENCE=1 BENCH_DIR=/tmp/xqbench tools/audit_bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${GAMES:-100000}
FILES=${FILES:-100}
THREADS=${THREADS:-2}
SAMPLE=${SAMPLE:-200}
REFERENCE=${REFERENCE:-1}   # 0: skip the pyffish reference
DIR=${BENCH_DIR:-${TMPDIR:-/tmp}/xqarbiter-audit-bench}

cargo build --release --quiet --bin xqarbiter --example gen_games
stamp="$DIR/.generated-$GAMES-$FILES"
if [ ! -f "$stamp" ]; then
    rm -rf "$DIR"
    echo "generating $GAMES games in $FILES files under $DIR ..." >&2
    target/release/examples/gen_games "$DIR" "$GAMES" "$FILES"
    touch "$stamp"
fi
bytes=$(du -sb "$DIR" | cut -f1)

load=$(cut -d' ' -f1 /proc/loadavg)
TIMEFORMAT='%R %U %S'
{ time target/release/xqarbiter audit --jsonl --threads "$THREADS" "$DIR" > "$DIR.jsonl" 2> "$DIR.summary"; } 2> "$DIR.time"
read -r real user sys < "$DIR.time"
rows=$(wc -l < "$DIR.jsonl")
xq_rate=$(python3 -c "print(round($rows / $real, 1))")
cpu_rate=$(python3 -c "print(round($rows / ($user + $sys), 1))")
echo "xqarbiter audit: $rows rows ($bytes bytes of PGN) in $real s on $THREADS threads: $xq_rate games/s (load average before: $load)"
echo "  CPU time $user s user + $sys s sys: $cpu_rate games per CPU-second ($THREADS idle cores would give about $(python3 -c "print(round($cpu_rate * $THREADS))") games/s)"
sed 's/^/  /' "$DIR.summary"

if [ "$REFERENCE" = 0 ]; then
    echo "pyffish reference skipped (REFERENCE=0)"
elif python3 -c "import pyffish" 2>/dev/null; then
    ref=$(python3 tools/audit_ref_pyffish.py "$DIR" --sample "$SAMPLE")
    echo "pyffish reference: $ref"
    python3 - "$xq_rate" "$ref" <<'PY'
import json, sys
xq = float(sys.argv[1]); ref = json.loads(sys.argv[2])
note = f" (pyffish rate measured on {ref['replayed']} of {ref['games']} games, extrapolated)" if ref["extrapolated"] else ""
print(f"pyffish: {ref['games_per_s']} games/s on 1 thread{note}")
print(f"ratio: xqarbiter is {xq / ref['games_per_s']:.0f}x the pyffish reference")
PY
else
    echo "pyffish not installed (pip install pyffish): no reference timing"
fi
