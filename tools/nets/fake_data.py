#!/usr/bin/env python3
"""Write a synthetic self-play data dir in the exact format of docs/nets.md (for testing).

    python tools/nets/fake_data.py --out /tmp/fake-linage --games 200
    python tools/nets/fake_data.py --out /tmp/fake-hex --games 100 --hex

Until `tessera selfplay` exists, this is how train.py is exercised end to end. The records are
random but consistent and *learnable*, so that a short run shows the held-out figures moving
(a pipeline that silently shuffles targets against inputs would not learn them):

- plane 0 on the board; plane 1 stones; planes 2/3/4 empty points of free / mover's / opponent's
  regions (random rectangles); plane 5 legal = the free empty points; scalar 0 komi/10, scalar 1
  a last-step-was-a-pass flag;
- score = (#plane 3 − #plane 4) + 10·komi-scalar + noise; value = its sign;
- ownership: +1 on the mover's region, −1 on the opponent's, stones and free points the winner's;
- policy: visit shares over the legal points peaked at points near the board's centre, a little
  on the pass; all 0 with policy_weight 0 for a quarter of the positions (quick searches).

`--hex` writes a hexhex board of side 5 on a 9×9 axial grid (off-board corners), with
meta.json `"hex": true` and the symmetries identity and rot180 only.

`--policy-planes P --policy-extras E` (default 1 and 1) writes data with P policy planes and E
extra policy entries (meta.json `policy_planes` / `policy_extras`, `format` 2): the shares of
plane p prefer the centre (p even) or the edge (p odd), the extras get small shares.

`--search-value` writes format 3: each record also holds a search_value, the value shrunk
towards 0 with noise (a search's estimate that mostly agrees with the result).
"""

import argparse
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tnet  # noqa: E402


def hexhex(side):
    n = 2 * side - 1
    r, c = np.mgrid[0:n, 0:n]
    dr, dc = r - (side - 1), c - (side - 1)
    return (np.maximum(np.maximum(np.abs(dr), np.abs(dc)), np.abs(dr + dc)) <= side - 1).astype(np.uint8)


def position(rng, board, planes=1, extras=1):
    """One record's fields (a dict) on the on-board mask `board` [H, W], with `planes` policy
    planes and `extras` extra policy entries."""
    h, w = board.shape
    on = board.astype(bool)
    stones = (rng.random((h, w)) < rng.uniform(0.1, 0.5)) & on
    region = np.zeros((h, w), np.int8)  # 0 free, 1 mover, 2 opponent
    for owner in (1, 2):
        for _ in range(rng.integers(0, 3)):
            r0, c0 = rng.integers(0, h), rng.integers(0, w)
            r1, c1 = min(h, r0 + rng.integers(1, 4)), min(w, c0 + rng.integers(1, 4))
            region[r0:r1, c0:c1] = owner
    empty = on & ~stones
    p2, p3, p4 = empty & (region == 0), empty & (region == 1), empty & (region == 2)
    legal = p2
    bits = np.stack([board.astype(bool), stones, p2, p3, p4, legal]).astype(np.uint8)
    komi = rng.choice([-7.5, -5.5, -2.5, -0.5, 0.5, 2.5, 5.5, 7.5])
    passed = float(rng.random() < 0.05)
    score = float(p3.sum()) - float(p4.sum()) + komi + rng.normal(0, 1.0)
    value = float(np.sign(score))
    own = np.where(p3, 1, np.where(p4, -1, int(value))).astype(np.int8) * on
    pol = np.zeros(planes * h * w + extras, np.float32)
    pw = 1.0 if rng.random() < 0.75 else 0.0
    if pw:
        rr, cc = np.mgrid[0:h, 0:w]
        pref = -0.6 * (np.abs(rr - (h - 1) / 2) + np.abs(cc - (w - 1) / 2))
        logits = []
        for p in range(planes):
            sign = 1.0 if p % 2 == 0 else -1.0
            logits.append(np.where(legal, sign * pref - 0.5 * p + rng.normal(0, 0.3, (h, w)), -np.inf).reshape(-1))
        logit = np.concatenate(logits + [-3.0 - 0.5 * np.arange(extras)])
        e = np.exp(logit - logit.max())
        pol = (e / e.sum()).astype(np.float32)
    return dict(
        bits=bits.reshape(-1),
        scalars=np.array([komi / 10.0, passed], np.float32),
        policy=pol,
        value=value,
        score=score,
        ownership=own.reshape(-1),
        policy_weight=pw,
    )


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--size", type=int, default=9, help="square board size (9)")
    ap.add_argument("--hex", action="store_true")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--policy-planes", type=int, default=1, help="policy planes P (1)")
    ap.add_argument("--policy-extras", type=int, default=1, help="extra policy entries E after the planes (1)")
    ap.add_argument("--search-value", action="store_true", help="format 3: records with a search_value")
    args = ap.parse_args()
    pp, pe = args.policy_planes, args.policy_extras
    if pp < 1 or pe < 0:
        ap.error("--policy-planes >= 1, --policy-extras >= 0")
    rng = np.random.default_rng(args.seed)
    board = hexhex(5) if args.hex else np.ones((args.size, args.size), np.uint8)
    h, w = board.shape
    meta = dict(
        format=3 if args.search_value else 1 if (pp, pe) == (1, 1) else 2,
        game="fake-hex" if args.hex else "linage",
        size=5 if args.hex else args.size,
        input_version=1,
        height=h,
        width=w,
        binary_planes=6,
        scalar_planes=2,
        policy_len=pp * h * w + pe,
        record_bytes=0,
        symmetries=["identity", "rot180"] if args.hex else ["identity", "flip_rows", "flip_cols", "rot180"],
        player="fake_data.py",
        settings=dict(synthetic=True, seed=args.seed),
    )
    if (pp, pe) != (1, 1):
        meta["policy_planes"], meta["policy_extras"] = pp, pe
    if args.hex:
        meta["hex"] = True
    meta["record_bytes"] = 6 * h * w + 2 * 4 + (pp * h * w + pe) * 4 + 4 + 4 + h * w + 4 + 4 * args.search_value
    dt = tnet.record_dtype(meta)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1)
    total = 0
    for g in range(args.games):
        n = int(rng.integers(20, 60))
        recs = np.zeros(n, dt)
        for i in range(n):
            for k, v in position(rng, board, pp, pe).items():
                recs[i][k] = v
            if args.search_value:
                recs[i]["search_value"] = np.clip(0.6 * recs[i]["value"] + rng.normal(0, 0.2), -1, 1)
        path = os.path.join(args.out, "games-%06d.bin" % g)
        recs.tofile(path + ".tmp")
        os.replace(path + ".tmp", path)
        total += n
    print(f"wrote {args.games} games, {total} positions, {dt.itemsize} bytes a record, to {args.out}")


if __name__ == "__main__":
    main()
