#!/usr/bin/env python3
"""Plays two GTP engines against each other: two builds of tessera (an old build beside a new
one), or two players of one build. `tessera match` plays two players of one program; this plays
two programs, so that a change to the search can be measured against the build before it.

Usage:
  versus.py --a 'OLD/tessera gtp --player net:iters=800,threads=1' \
            --b 'NEW/tessera gtp --player net:iters=800,threads=1' \
            --game linage [--size 9] [--komi 0.5] [--games 40] [--jobs 2]

A moves first in the even-numbered games. Turns alternate between the seats; a `swap` token
(Wunchunk's pie) exchanges the sides the seats hold. Prints A's wins-draws-losses, its score
and a 95 % Wilson interval of the score, and writes nothing else.
"""
import argparse
import json
import math
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor


class Gtp:
    def __init__(self, command):
        self.p = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def ask(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            got = self.p.stdout.readline()
            if got == "":
                raise RuntimeError(f"the engine ended on '{line}'")
            if got.strip() == "" and out:
                break
            if got.strip() == "":
                continue
            out.append(got.rstrip("\n"))
        text = "\n".join(out)
        if text.startswith("?"):
            raise RuntimeError(f"'{line}': {text}")
        return text[1:].strip()

    def close(self):
        try:
            self.ask("quit")
        except Exception:
            pass
        self.p.kill()


def play(args, index):
    """One game; returns A's score (1, 0.5, 0)."""
    a, b = Gtp(args.a), Gtp(args.b)
    try:
        setup = f"tessera-game {args.game}"
        if args.size:
            setup += f" size={args.size}"
        if args.komi is not None:
            setup += f" komi={args.komi}"
        for e in (a, b):
            e.ask(setup)
        state = json.loads(a.ask("tessera-state"))
        first = state["to_move"]
        # Seat 0 moves first; A holds seat 0 in the even-numbered games.
        engines = [a, b] if index % 2 == 0 else [b, a]
        side_of = {0: first, 1: None}
        turn = 0
        while not state["over"]:
            seat = turn % 2
            side = state["to_move"]
            if side_of[seat] is None:
                side_of[seat] = side
            mover, other = engines[seat], engines[1 - seat]
            token = mover.ask(f"genmove {side}")
            other.ask(f"tessera-play {token}")
            if token == "swap":
                side_of[0], side_of[1] = side_of[1], side_of[0]
            state = json.loads(a.ask("tessera-state"))
            turn += 1
        winner = state["winner"]
        if winner in (None, "draw", "none"):
            return 0.5
        seat_won = 0 if winner == side_of[0] else 1
        a_seat = 0 if index % 2 == 0 else 1
        return 1.0 if seat_won == a_seat else 0.0
    finally:
        a.close()
        b.close()


def wilson(score, n, z=1.96):
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--a", required=True, help="engine A's command")
    ap.add_argument("--b", required=True, help="engine B's command")
    ap.add_argument("--game", required=True)
    ap.add_argument("--size", type=int)
    ap.add_argument("--komi", type=float)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    results = []
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for i, r in enumerate(pool.map(lambda i: play(args, i), range(args.games))):
            results.append(r)
            w = sum(1 for x in results if x == 1.0)
            d = sum(1 for x in results if x == 0.5)
            print(f"game {i + 1}: {r} ({w}-{d}-{len(results) - w - d})", file=sys.stderr)
    n = len(results)
    w = sum(1 for x in results if x == 1.0)
    d = sum(1 for x in results if x == 0.5)
    score = sum(results)
    lo, hi = wilson(score, n)
    print(f"A {w}-{d}-{n - w - d} of {n}: {100 * score / n:.1f} % "
          f"(95 % interval {100 * lo:.0f}-{100 * hi:.0f} %)")


if __name__ == "__main__":
    main()
