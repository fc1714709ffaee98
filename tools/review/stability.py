#!/usr/bin/env python3
"""Stability of `tessera analyze`: do two reviews of one record agree on the marks?

Two uses:

  stability.py compare A.jsonl B.jsonl
      compares two `tessera analyze --json` outputs of the same record;

  stability.py run TESSERA SEED_A SEED_B REC.toml [REC.toml ...] [--ms N] [--out DIR]
      reviews every record twice (`TESSERA analyze REC --json --seed S`, default setting
      unless --ms), keeps the outputs in DIR (default: a temporary folder), and compares.

For each record it prints the turns judged, how many got the same mark in both reviews
(no mark counts as a mark), the share, and the turns that went from no mark to a mistake or
a blunder (the issue asks for none), then the totals. The exit status is 1 when a total
falls short of the issue's bar (>= 90 % agree, no unmarked -> mistake/blunder).

Every mark is also recomputed from its row by the documented classes (10/20/30 % of win
rate; 3/6/12 points in Keil and Linage, 6/12/24 in Carteso); a row whose mark does not
follow from its numbers is reported.
"""

import json
import os
import subprocess
import sys
import tempfile

RATE = [0.10, 0.20, 0.30]
POINTS = {"carteso": [6.0, 12.0, 24.0]}
POINTS_DEFAULT = [3.0, 6.0, 12.0]
WORDS = ["inaccuracy", "mistake", "blunder"]
SEVERE = {"mistake", "blunder"}


def rows(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def mark_of(row, game):
    """The class of the row's numbers, or None."""
    def cls(value, limits):
        found = None
        for i, limit in enumerate(limits):
            if value is not None and value >= limit - 1e-9:
                found = i
        return found

    by_rate = cls(row.get("win_rate_lost"), RATE)
    by_points = cls(row.get("points_lost"), POINTS.get(game, POINTS_DEFAULT))
    best = max([c for c in (by_rate, by_points) if c is not None], default=None)
    return None if best is None else WORDS[best]


def game_of(record):
    try:
        with open(record) as f:
            for line in f:
                if line.startswith("game"):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return ""


def compare(a_path, b_path, game=""):
    a, b = rows(a_path), rows(b_path)
    if len(a) != len(b):
        raise SystemExit(f"{a_path} and {b_path} have {len(a)} and {len(b)} rows")
    judged = same = 0
    worse = []
    wrong = []
    for ra, rb in zip(a, b):
        if ra.get("bid") is not None:
            continue
        for r in (ra, rb):
            if game and mark_of(r, game) != r.get("judgement"):
                wrong.append(r["turn"])
        judged += 1
        ja, jb = ra.get("judgement"), rb.get("judgement")
        same += ja == jb
        if (ja is None and jb in SEVERE) or (jb is None and ja in SEVERE):
            worse.append((ra["turn"], ja, jb))
    return judged, same, worse, wrong


def meets_bar(judged, same, worse, wrong):
    """The issue's bar: >= 90 % of turns agree, none unmarked vs mistake/blunder, and every
    mark follows from its row."""
    share = 100.0 * same / judged if judged else 100.0
    return share >= 90.0 and not worse and not wrong


def report(name, judged, same, worse, wrong):
    share = 100.0 * same / judged if judged else 100.0
    line = f"{name}: {same}/{judged} turns agree ({share:.1f} %)"
    if worse:
        line += "; unmarked vs mistake/blunder: " + ", ".join(
            f"turn {t} ({x or '-'} / {y or '-'})" for t, x, y in worse
        )
    if wrong:
        line += f"; marks not following from their rows: turns {sorted(set(wrong))}"
    print(line, flush=True)


def main(argv):
    if len(argv) >= 3 and argv[0] == "compare":
        judged, same, worse, wrong = compare(argv[1], argv[2])
        report(f"{argv[1]} vs {argv[2]}", judged, same, worse, wrong)
        return 0 if meets_bar(judged, same, worse, wrong) else 1
    if len(argv) >= 5 and argv[0] == "run":
        tessera, seed_a, seed_b = argv[1], argv[2], argv[3]
        rest = argv[4:]
        extra, out, records = [], None, []
        i = 0
        while i < len(rest):
            if rest[i] == "--ms":
                extra += ["--ms", rest[i + 1]]
                i += 2
            elif rest[i] == "--out":
                out = rest[i + 1]
                i += 2
            else:
                records.append(rest[i])
                i += 1
        out = out or tempfile.mkdtemp(prefix="review-stability-")
        os.makedirs(out, exist_ok=True)
        totals = [0, 0, 0, 0]
        for rec in records:
            outs = []
            for seed in (seed_a, seed_b):
                name = os.path.join(
                    out, f"{os.path.basename(rec)}.seed{seed}.jsonl"
                )
                if not os.path.exists(name):
                    with open(name + ".part", "w") as f:
                        subprocess.run(
                            [tessera, "analyze", rec, "--json", "--seed", seed] + extra,
                            stdout=f,
                            stderr=subprocess.DEVNULL,
                            check=True,
                        )
                    os.rename(name + ".part", name)
                outs.append(name)
            judged, same, worse, wrong = compare(outs[0], outs[1], game_of(rec))
            report(rec, judged, same, worse, wrong)
            totals[0] += judged
            totals[1] += same
            totals[2] += len(worse)
            totals[3] += len(wrong)
        judged, same, worse, wrong = totals
        share = 100.0 * same / judged if judged else 100.0
        print(
            f"total: {same}/{judged} turns agree ({share:.1f} %), "
            f"{worse} unmarked vs mistake/blunder, {wrong} marks not following their rows"
        )
        return 0 if meets_bar(judged, same, worse, wrong) else 1
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
