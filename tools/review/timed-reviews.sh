#!/bin/bash
# timed-reviews.sh TESSERA OUT GAME... : the measurement of docs/review.md ("Cost",
# "Stability"). Reviews every record docs/review-records/GAME-*.toml twice (seeds 1 and 2,
# `nice -n -10 TESSERA analyze REC --json --seed S`, the default setting), timed one by one,
# into OUT/GAME/REC.toml.seedS.jsonl (times in OUT/GAME/times.txt), then compares each pair
# with stability.py (which reuses those outputs) into OUT/GAME/stability.txt. Outputs
# already there are kept, so a stopped run resumes. Run it with nothing else on the machine:
# the searches are limited by time, so load costs them quality.
set -e
BIN=$1; OUT=$2; shift 2
HERE=$(cd "$(dirname "$0")" && pwd)
RECS=$HERE/../../docs/review-records
for g in "$@"; do
  d=$OUT/$g; mkdir -p "$d"
  for r in "$RECS"/$g-*.toml; do
    for s in 1 2; do
      o=$d/$(basename "$r").seed$s.jsonl
      [ -s "$o" ] && continue
      t0=$(date +%s.%N)
      nice -n -10 "$BIN" analyze "$r" --json --seed $s > "$o.tmp" 2>>"$d/stderr.txt"
      mv "$o.tmp" "$o"
      echo "$(basename "$r") $s $(echo "$(date +%s.%N) - $t0" | bc)" >> "$d/times.txt"
    done
  done
  python3 "$HERE/stability.py" run "$BIN" 1 2 "$RECS"/$g-*.toml --out "$d" > "$d/stability.txt" || true
  cat "$d/stability.txt"
  awk '{t += $3; n++} END {printf "%d reviews, %.0f s\n", n, t}' "$d/times.txt"
done
