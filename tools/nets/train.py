#!/usr/bin/env python3
"""Train a game's small policy-and-value network from self-play data (issue 47).

    python3 -m venv .venv && .venv/bin/pip install -r tools/nets/requirements.txt
    .venv/bin/python tools/nets/train.py --data selfplay/linage-r1 --out data/nets/linage-9.tnet

docs/nets.md is the contract: what `tessera selfplay` writes, the network, the weights file the
Rust `net` player reads. This script reads the data with numpy, trains the network in PyTorch with
batch norm, folds the batch norm into the convolutions, writes the .tnet file and then re-reads
it with the independent numpy forward of tnet.py, which must reproduce the PyTorch model to 1e-4
on held-out positions: the exported file is checked before anyone plays with it.

Other modes:
    --test-vectors DIR   write tiny random nets and their expected outputs for the Rust tests
                         (tests/data/nets/); no data needed.
See tools/nets/README.md for the losses, the defaults and why.
"""

import argparse
import datetime
import glob
import json
import os
import sys
import time

# Idle OpenMP threads sleep instead of spinning. On a small machine shared with other work (the
# usual case here: 2 cores, a build or self-play running) spinning threads fight the other
# processes for the cores and a 2-thread step was measured 7x slower than a 1-thread one; with
# passive waiting it is about as fast as 1 thread under load and faster when the machine is idle.
# It must be set before torch (and its OpenMP runtime) is loaded.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tnet  # noqa: E402

BN_EPS = 1e-5
# A finite stand-in for -inf on off-board policy cells while training: the visit shares there
# are 0, and 0 * -inf would be NaN in the cross-entropy.
OFF_BOARD_LOGIT = -1e9


# ---------------------------------------------------------------------------------------------
# The model


class Net(nn.Module):
    """The network of docs/nets.md with a batch norm after each 3×3 convolution.

    The convolutions feeding a batch norm have no bias (the norm's β is the bias); at export the
    norm is folded in: w' = w·γ/σ, b' = β − μ·γ/σ with σ = sqrt(var + eps).

    `hex`: the boards are hexhex boards on an axial grid; the kernel corners (dr,dc) = (−1,−1)
    and (+1,+1), which are not neighbours there, are multiplied by 0 in every forward, so they
    get no gradient and export as exact zeros (and Rust runs a plain 3×3 convolution).

    `policy_planes` P, `policy_extras` E: the policy is P planes of H*W logits, then E extra
    entries (format 1 of the weights file: P = 1, E = 1, the pass).
    """

    def __init__(
        self, cin, channels=32, blocks=4, value_hidden=32, score_scale=20.0, hex=False, policy_planes=1, policy_extras=1
    ):
        super().__init__()
        c = channels
        self.arch = dict(
            cin=cin,
            channels=c,
            blocks=blocks,
            value_hidden=value_hidden,
            score_scale=float(score_scale),
            hex=bool(hex),
            policy_planes=int(policy_planes),
            policy_extras=int(policy_extras),
        )
        self.score_scale = float(score_scale)
        km = torch.ones(3, 3)
        if hex:
            km[0, 0] = 0.0
            km[2, 2] = 0.0
        self.register_buffer("kmask", km)
        self.stem = nn.Conv2d(cin, c, 3, padding=1, bias=False)
        self.stem_bn = nn.BatchNorm2d(c, eps=BN_EPS)
        self.a = nn.ModuleList(nn.Conv2d(c, c, 3, padding=1, bias=False) for _ in range(blocks))
        self.a_bn = nn.ModuleList(nn.BatchNorm2d(c, eps=BN_EPS) for _ in range(blocks))
        self.b = nn.ModuleList(nn.Conv2d(c, c, 3, padding=1, bias=False) for _ in range(blocks))
        self.b_bn = nn.ModuleList(nn.BatchNorm2d(c, eps=BN_EPS) for _ in range(blocks))
        # The last norm of each block starts at γ = 0, so each block starts as the identity:
        # the usual trick that keeps a fresh residual tower well-conditioned.
        for bn in self.b_bn:
            nn.init.zeros_(bn.weight)
        self.policy = nn.Conv2d(c, policy_planes, 1)
        self.pass_ = nn.Linear(c, policy_extras)
        self.own = nn.Conv2d(c, 1, 1)
        self.v1 = nn.Linear(c, value_hidden)
        self.v2 = nn.Linear(value_hidden, 2)

    def conv(self, conv, x):
        return F.conv2d(x, conv.weight * self.kmask, None, padding=1)

    def forward(self, x):
        """x [N, Cin, H, W] → (policy logits [N, P*H*W+E] (plane-major, off-board cells of every
        plane = OFF_BOARD_LOGIT, then the extras),
        value [N] (tanh), score [N] in units of score_scale (not points), ownership [N, H*W])."""
        mask = x[:, 0:1]
        t = F.relu(self.stem_bn(self.conv(self.stem, x))) * mask
        for a, abn, b, bbn in zip(self.a, self.a_bn, self.b, self.b_bn):
            t2 = F.relu(abn(self.conv(a, t))) * mask
            t = F.relu(t + bbn(self.conv(b, t2))) * mask
        g = t.sum(dim=(2, 3)) / mask.sum(dim=(2, 3))
        n = x.shape[0]
        cells = self.policy(t).masked_fill(mask == 0, OFF_BOARD_LOGIT).reshape(n, -1)
        logits = torch.cat([cells, self.pass_(g)], dim=1)
        own = torch.tanh(self.own(t)[:, 0]).reshape(n, -1)
        out = self.v2(F.relu(self.v1(g)))
        return logits, torch.tanh(out[:, 0]), out[:, 1], own

    def folded(self):
        """The payload tensors (tnet.param_layout names) as numpy float64, batch norm folded."""

        def fold(conv, bn):
            w = (conv.weight * self.kmask).detach().double()
            sd = torch.sqrt(bn.running_var.detach().double() + bn.eps)
            gamma, beta = bn.weight.detach().double(), bn.bias.detach().double()
            mu = bn.running_mean.detach().double()
            return (w * (gamma / sd)[:, None, None, None]).numpy(), (beta - mu * gamma / sd).numpy()

        d = lambda t: t.detach().double().numpy()
        p = {}
        p["stem.w"], p["stem.b"] = fold(self.stem, self.stem_bn)
        for i in range(len(self.a)):
            p[f"block{i}.a.w"], p[f"block{i}.a.b"] = fold(self.a[i], self.a_bn[i])
            p[f"block{i}.b.w"], p[f"block{i}.b.b"] = fold(self.b[i], self.b_bn[i])
        p["policy.w"], p["policy.b"] = d(self.policy.weight)[:, :, 0, 0], d(self.policy.bias)
        p["pass.w"], p["pass.b"] = d(self.pass_.weight), d(self.pass_.bias)
        p["own.w"], p["own.b"] = d(self.own.weight).reshape(-1), d(self.own.bias)
        p["v1.w"], p["v1.b"] = d(self.v1.weight), d(self.v1.bias)
        p["v2.w"], p["v2.b"] = d(self.v2.weight), d(self.v2.bias)
        return p


def export(model, path, geometry, trained):
    """Write `model` (batch norm folded) as a .tnet file; returns the header written.

    `geometry`: game, size, input_version, height, width, binary_planes, scalar_planes. The
    file is format 2 when the model's policy is not 1 plane + 1 extra, else format 1."""
    a = model.arch
    header = dict(geometry)
    header.update(
        policy_planes=a["policy_planes"],
        policy_extras=a["policy_extras"],
        blocks=a["blocks"],
        channels=a["channels"],
        value_hidden=a["value_hidden"],
        score_scale=a["score_scale"],
        trained=trained,
    )
    nbytes = tnet.write_tnet(path, header, model.folded())
    h, _ = tnet.read_tnet(path)
    h["_bytes"] = nbytes
    return h


def compare(model, path, x):
    """Max abs differences between the PyTorch eval-mode model and tnet.forward on the exported
    file, over inputs x [N, Cin, H, W] (numpy). The score is compared in units of score_scale
    (what the network computes); off-board policy cells and ownership are left out (the file's
    forward gives -inf / meaningless values there by contract)."""
    header, params = tnet.read_tnet(path)
    ref = tnet.forward(header, params, x)
    model.eval()
    with torch.no_grad():
        logits, value, score, own = model(torch.from_numpy(x))
    on = x[:, 0].reshape(x.shape[0], -1) > 0
    planes, extras = tnet.policy_shape(header)
    on_p = np.concatenate([np.tile(on, (1, planes)), np.ones((x.shape[0], extras), bool)], axis=1)
    return {
        "policy": float(np.abs(ref["policy"][on_p] - logits.double().numpy()[on_p]).max()),
        "value": float(np.abs(ref["value"] - value.double().numpy()).max()),
        "score": float(np.abs(ref["score"] / header["score_scale"] - score.double().numpy()).max()),
        "ownership": float(np.abs(ref["ownership"][on] - own.double().numpy()[on]).max()),
    }


# ---------------------------------------------------------------------------------------------
# Data


GEOMETRY_KEYS = ["game", "size", "input_version", "height", "width", "binary_planes", "scalar_planes"]
# meta.json's policy shape; absent = 1 and 1 (data written before format 2).
POLICY_KEYS = ["policy_planes", "policy_extras"]


def load_dirs(dirs):
    """Read every data dir: returns (meta of the first dir, [(dir, file, records)]).

    All dirs must agree on the geometry (a net has one input shape); symmetries are those every
    dir allows."""
    meta0, files = None, []
    for d in dirs:
        with open(os.path.join(d, "meta.json")) as f:
            meta = json.load(f)
        if meta.get("format") not in (1, 2, 3):
            raise SystemExit(f"{d}: data format {meta.get('format')}, this script reads formats 1 to 3")
        try:
            p, e = tnet.policy_shape(meta)
        except ValueError as err:
            raise SystemExit(f"{d}: meta.json: {err}")
        meta = dict(meta, policy_planes=p, policy_extras=e)
        if meta0 is None:
            meta0 = dict(meta)
        else:
            for k in GEOMETRY_KEYS + POLICY_KEYS:
                if meta[k] != meta0[k]:
                    raise SystemExit(f"{d}: {k} = {meta[k]!r}, {dirs[0]} has {meta0[k]!r}")
            meta0["symmetries"] = [s for s in meta0.get("symmetries", ["identity"]) if s in meta.get("symmetries", [])]
            meta0["hex"] = meta0.get("hex", False) or meta.get("hex", False)
        dt = tnet.record_dtype(meta)
        names = sorted(glob.glob(os.path.join(d, "games-*.bin")))
        for name in names:
            recs = tnet.read_records(name, dt)
            errors, warnings = tnet.check_records(recs, meta)
            for e in errors:
                print(f"error: {name}: {e}")
            for wmsg in warnings:
                print(f"warning: {name}: {wmsg}")
            if errors:
                raise SystemExit(f"{name} breaks the record format of docs/nets.md")
            if len(recs):
                files.append((d, name, recs))
    if not files:
        raise SystemExit(f"no records in {dirs}")
    if len({r.dtype for _, _, r in files}) > 1:
        # Formats 1-2 beside format 3: the older records get a search_value equal to their result,
        # so that every file has the same fields.
        full = next(r.dtype for _, _, r in files if "search_value" in r.dtype.names)
        files = [(d, name, r if r.dtype == full else with_search_value(r, full)) for d, name, r in files]
    return meta0, files


def with_search_value(recs, dtype):
    """Records of formats 1-2 in the format-3 `dtype`, their search_value set to their result."""
    out = np.zeros(len(recs), dtype)
    for k in recs.dtype.names:
        out[k] = recs[k]
    out["search_value"] = recs["value"]
    return out


class Tensors:
    """One split's records as torch tensors, kept compact (bits and ownership stay 8-bit) and
    expanded to float planes per batch."""

    def __init__(self, recs, meta, policy_power=1.0, value_mix=0.0):
        b, h, w = meta["binary_planes"], meta["height"], meta["width"]
        n = len(recs)
        self.n, self.b, self.h, self.w = n, b, h, w
        self.planes, _ = tnet.policy_shape(meta)
        self.bits = torch.from_numpy(np.ascontiguousarray(recs["bits"]).reshape(n, b, h, w))
        self.scalars = torch.from_numpy(np.ascontiguousarray(recs["scalars"]))
        self.policy = torch.from_numpy(np.ascontiguousarray(recs["policy"]))
        if policy_power != 1.0:
            # Sharpened targets: shares ∝ visits^power (a search that spreads its visits
            # widely, as Carteso's default does, gives near-flat targets otherwise).
            sharp = self.policy ** policy_power
            total = sharp.sum(dim=1, keepdim=True)
            self.policy = torch.where(total > 0, sharp / total.clamp_min(1e-30), sharp)
        self.value = torch.from_numpy(np.ascontiguousarray(recs["value"]))
        # The value head's training target: the result, mixed with the search's estimate where
        # the data has one (the held-out figures are always against the result).
        self.value_target = self.value
        if value_mix > 0 and "search_value" in recs.dtype.names:
            search = torch.from_numpy(np.ascontiguousarray(recs["search_value"]))
            self.value_target = (1 - value_mix) * self.value + value_mix * search
        self.score = torch.from_numpy(np.ascontiguousarray(recs["score"]))
        self.own = torch.from_numpy(np.ascontiguousarray(recs["ownership"]).reshape(n, h, w))
        self.pw = torch.from_numpy(np.ascontiguousarray(recs["policy_weight"]))

    def batch(self, idx, syms=None, sym_ids=None, target=False):
        """(x, policy, value, score, ownership [N,H*W] float, policy_weight) for rows idx,
        each sample transformed by the symmetry syms[sym_ids[k]] when given (every policy plane
        as the input planes; the extras unchanged). `target`: the value is the training target
        (`--value-mix`), else the result."""
        bits = self.bits[idx].float()
        x = torch.cat([bits, self.scalars[idx][:, :, None, None] * bits[:, 0:1]], dim=1)
        pol = self.policy[idx]
        ncell = self.planes * self.h * self.w
        cells = pol[:, :ncell].reshape(-1, self.planes, self.h, self.w)
        own = self.own[idx].float()
        if syms is not None:
            x, cells, own = x.clone(), cells.clone(), own.clone()
            for k, name in enumerate(syms):
                if name == "identity":
                    continue
                sel = (sym_ids == k).nonzero(as_tuple=True)[0]
                if len(sel):
                    x[sel] = apply_sym(name, x[sel])
                    cells[sel] = apply_sym(name, cells[sel])
                    own[sel] = apply_sym(name, own[sel])
        n = len(idx)
        pol = torch.cat([cells.reshape(n, -1), pol[:, ncell:]], dim=1)
        value = (self.value_target if target else self.value)[idx]
        return x, pol, value, self.score[idx], own.reshape(n, -1), self.pw[idx]


def apply_sym(name, t):
    """A grid symmetry of docs/nets.md on the last two dims [.., H(row), W(col)]."""
    if name == "identity":
        return t
    if name == "flip_rows":
        return t.flip(-2)
    if name == "flip_cols":
        return t.flip(-1)
    if name == "rot180":
        return t.flip(-2, -1)
    if name == "transpose":  # square grids only
        return t.transpose(-2, -1)
    if name == "anti_transpose":  # square grids only: (r, c) → (W-1-c, H-1-r)
        return t.flip(-2, -1).transpose(-2, -1)
    raise SystemExit(f"unknown symmetry {name!r}")


def split_files(files, frac, seed):
    """Held-out split by game file (positions of one game are correlated, so a split by position
    would overstate the held-out figures). Returns (train files, held-out files)."""
    if len(files) < 2 or frac <= 0:
        return files, []
    rng = np.random.default_rng(seed + 7919)
    k = max(1, int(round(frac * len(files))))
    hold = set(rng.choice(len(files), size=k, replace=False).tolist())
    return [f for i, f in enumerate(files) if i not in hold], [f for i, f in enumerate(files) if i in hold]


# ---------------------------------------------------------------------------------------------
# Losses and figures

# Loss weights (see README.md): policy cross-entropy 1.0, value MSE 1.5, score Huber on
# score/score_scale (delta 1) 0.5, ownership MSE (mean over on-board points) 0.15.
DEFAULT_WEIGHTS = dict(policy=1.0, value=1.5, score=0.5, own=0.15)


def losses(model, x, pol, value, score, own, pw, weights):
    """The weighted total and its parts (tensors) for one batch."""
    logits, v, s, o = model(x)
    mask = x[:, 0].reshape(x.shape[0], -1)
    lp = -(pol * F.log_softmax(logits, dim=1)).sum(dim=1)
    l_pol = (lp * pw).mean()
    l_val = F.mse_loss(v, value)
    l_score = F.huber_loss(s, score / model.score_scale, delta=1.0)
    l_own = (((o - own) ** 2 * mask).sum(dim=1) / mask.sum(dim=1)).mean()
    total = (
        weights["policy"] * l_pol + weights["value"] * l_val + weights["score"] * l_score + weights["own"] * l_own
    )
    return total, dict(policy=l_pol, value=l_val, score=l_score, own=l_own)


def evaluate(model, data, limit, chunk=1024):
    """Held-out figures on the first `limit` positions of `data` (no augmentation):
    policy cross-entropy and top-1 (full-search positions only), value MSE and sign accuracy
    (decisive results only), score MAE in points, ownership MSE."""
    model.eval()
    n = min(limit, data.n)
    acc = dict(pce=0.0, top1=0.0, pn=0.0, vmse=0.0, sign=0.0, sn=0.0, smae=0.0, omse=0.0)
    with torch.no_grad():
        for lo in range(0, n, chunk):
            idx = torch.arange(lo, min(n, lo + chunk))
            x, pol, value, score, own, pw = data.batch(idx)
            logits, v, s, o = model(x)
            full = pw > 0
            acc["pn"] += float(full.sum())
            acc["pce"] += float((-(pol * F.log_softmax(logits, dim=1)).sum(dim=1))[full].sum())
            acc["top1"] += float((logits.argmax(dim=1) == pol.argmax(dim=1))[full].sum())
            acc["vmse"] += float(((v - value) ** 2).sum())
            dec = value != 0
            acc["sn"] += float(dec.sum())
            acc["sign"] += float(((v > 0) == (value > 0))[dec].sum())
            acc["smae"] += float((s * model.score_scale - score).abs().sum())
            mask = x[:, 0].reshape(x.shape[0], -1)
            acc["omse"] += float((((o - own) ** 2 * mask).sum(dim=1) / mask.sum(dim=1)).sum())
    model.train()
    div = lambda a, b: a / b if b else float("nan")
    return dict(
        positions=n,
        policy_ce=div(acc["pce"], acc["pn"]),
        policy_top1=div(acc["top1"], acc["pn"]),
        value_mse=div(acc["vmse"], n),
        value_sign=div(acc["sign"], acc["sn"]),
        score_mae=div(acc["smae"], n),
        own_mse=div(acc["omse"], n),
    )


def fmt_eval(e):
    return "held-out top1 %.3f ce %.3f | value mse %.3f sign %.3f | score mae %.2f | own mse %.3f" % (
        e["policy_top1"],
        e["policy_ce"],
        e["value_mse"],
        e["value_sign"],
        e["score_mae"],
        e["own_mse"],
    )


# ---------------------------------------------------------------------------------------------
# Training


def train(args):
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    train_only = args.train_only or []
    dirs = list(args.data) + train_only
    meta, files = load_dirs(dirs)
    if args.value_mix > 0 and not any("search_value" in r.dtype.names for _, _, r in files):
        raise SystemExit("--value-mix needs data of format 3 (records with search_value)")
    hex_ = bool(args.hex or meta.get("hex", False))
    syms = meta.get("symmetries") or ["identity"]
    if "identity" not in syms:
        syms = ["identity"] + list(syms)
    if any(s in ("transpose", "anti_transpose") for s in syms) and meta["height"] != meta["width"]:
        raise SystemExit("transpose symmetries need a square grid")
    # Games the --init checkpoint trained on cannot be held out honestly: --train-only dirs are
    # trained on and never held out.
    seen = [f for f in files if f[0] in train_only]
    tr_files, ho_files = split_files([f for f in files if f[0] not in train_only], args.holdout, args.seed)
    tr_files = seen + tr_files
    cat = lambda fs: np.concatenate([r for _, _, r in fs]) if fs else None
    tr = Tensors(cat(tr_files), meta, args.policy_power, args.value_mix)
    ho = Tensors(cat(ho_files), meta, args.policy_power) if ho_files else None
    if ho is None:
        print("warning: fewer than 2 game files, no held-out split; figures are on training data")
    print(
        f"data: {len(files)} games, {tr.n} training positions ({len(tr_files)} games), "
        f"{ho.n if ho else 0} held-out ({len(ho_files)} games); {meta['game']} {meta['height']}x{meta['width']}, "
        f"planes {meta['binary_planes']}+{meta['scalar_planes']}, policy {meta['policy_planes']} planes + "
        f"{meta['policy_extras']} extras, symmetries {syms}, hex {hex_}",
        flush=True,
    )
    cin = meta["binary_planes"] + meta["scalar_planes"]
    arch = dict(
        cin=cin,
        channels=args.channels,
        blocks=args.blocks,
        value_hidden=args.value_hidden,
        score_scale=args.score_scale,
        hex=hex_,
        policy_planes=meta["policy_planes"],
        policy_extras=meta["policy_extras"],
    )
    prev_steps = 0
    ckpt = None
    if args.init:
        ckpt = torch.load(args.init, map_location="cpu", weights_only=False)
        for k in ("channels", "blocks", "value_hidden", "score_scale"):
            if getattr(args, k + "_given") and ckpt["arch"][k] != arch[k]:
                print(f"note: --{k.replace('_', '-')} {arch[k]} ignored, {args.init} has {ckpt['arch'][k]}")
        if ckpt["arch"]["cin"] != cin or ckpt["arch"]["hex"] != hex_:
            raise SystemExit(f"{args.init}: input planes / hex kernels differ from the data's")
        for k in POLICY_KEYS:  # checkpoints of before format 2 have neither: 1 and 1
            if ckpt["arch"].get(k, 1) != arch[k]:
                raise SystemExit(f"{args.init}: {k} {ckpt['arch'].get(k, 1)}, the data's {arch[k]}")
        arch = dict(arch, **ckpt["arch"])
        prev_steps = ckpt.get("steps", 0)
    model = Net(**arch)
    if ckpt is not None:
        model.load_state_dict(ckpt["model"])
        print(f"continuing from {args.init} ({prev_steps} steps)")
    nparams = sum(p.numel() for p in model.parameters())
    print(
        f"net: {arch['blocks']} blocks x {arch['channels']} channels, value hidden {arch['value_hidden']}, "
        f"{nparams} parameters",
        flush=True,
    )

    steps = args.steps
    if args.epochs is not None:
        steps = max(1, int(round(args.epochs * tr.n / args.batch)))
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    warm = min(args.warmup, steps // 10 + 1)

    def lr_at(step):
        # Linear warm-up, then a cosine down to 10 % of the peak: a schedule that works without
        # tuning for a short run on a fixed data set.
        if step < warm:
            return args.lr * (step + 1) / warm
        f = (step - warm) / max(1, steps - warm)
        return args.lr * (0.1 + 0.9 * 0.5 * (1 + np.cos(np.pi * f)))

    weights = dict(DEFAULT_WEIGHTS)
    if args.loss_weights:
        for part in args.loss_weights.split(","):
            k, v = part.split("=")
            if k not in weights:
                raise SystemExit(f"--loss-weights: unknown part {k!r} (policy, value, score, own)")
            weights[k] = float(v)

    gen = torch.Generator().manual_seed(args.seed)
    perm, at = torch.randperm(tr.n, generator=gen), 0
    run = {k: 0.0 for k in ("total", "policy", "value", "score", "own")}
    run_n, t0, t_last, seen_last = 0, time.time(), time.time(), 0
    model.train()
    step = 0
    last_eval = None
    for step in range(steps):
        if at + args.batch > tr.n:
            perm, at = torch.randperm(tr.n, generator=gen), 0
        idx = perm[at : at + args.batch]
        at += args.batch
        sym_ids = torch.randint(len(syms), (len(idx),), generator=gen)
        x, pol, value, score, own, pw = tr.batch(idx, syms, sym_ids, target=True)
        for g in opt.param_groups:
            g["lr"] = lr_at(step)
        total, parts = losses(model, x, pol, value, score, own, pw, weights)
        opt.zero_grad(set_to_none=True)
        total.backward()
        opt.step()
        run["total"] += float(total.detach())
        for k, v in parts.items():
            run[k] += float(v.detach())
        run_n += 1
        done = step + 1
        if done % args.log_every == 0 or done == steps:
            now = time.time()
            rate = (done * args.batch - seen_last) / max(1e-9, now - t_last)
            t_last, seen_last = now, done * args.batch
            line = "step %d/%d lr %.2e loss %.3f (p %.3f v %.3f s %.4f o %.3f) %.0f pos/s" % (
                done,
                steps,
                lr_at(step),
                run["total"] / run_n,
                run["policy"] / run_n,
                run["value"] / run_n,
                run["score"] / run_n,
                run["own"] / run_n,
                rate,
            )
            run = {k: 0.0 for k in run}
            run_n = 0
            if ho is not None and ((args.eval_every > 0 and done % args.eval_every == 0) or done == steps):
                last_eval = evaluate(model, ho, args.eval_positions)
                line += " | " + fmt_eval(last_eval)
            print(line, flush=True)
            t_last = time.time()  # the held-out evaluation does not count against the speed
        if args.time_limit and time.time() - t0 > args.time_limit:
            print(f"time limit: stopping after {done} steps", flush=True)
            break
    elapsed = time.time() - t0
    done = step + 1
    print(f"trained {done} steps in {elapsed:.1f} s: {done * args.batch / elapsed:.0f} positions/s", flush=True)
    if args.no_export:
        return
    final = evaluate(model, ho if ho is not None else tr, args.eval_positions)
    print("final " + fmt_eval(final), flush=True)

    out = args.out
    ckpt_path = os.path.splitext(out)[0] + ".pt"
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    torch.save(
        dict(model=model.state_dict(), arch=arch, steps=prev_steps + done, data=dirs, seed=args.seed, meta=meta),
        ckpt_path,
    )
    geometry = {k: meta[k] for k in GEOMETRY_KEYS}
    trained = dict(
        data=dirs,
        positions=tr.n,
        held_out_positions=ho.n if ho else 0,
        steps=prev_steps + done,
        batch=args.batch,
        date=datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        init=args.init,
        seed=args.seed,
        loss_weights=weights,
        value_mix=args.value_mix,
        hex_kernels=hex_,
        held_out={k: (round(v, 4) if isinstance(v, float) else v) for k, v in final.items()},
    )
    header = export(model, out, geometry, trained)
    print(f"wrote {out} ({header['_bytes']} bytes, {header['payload_floats']} floats, {header['checksum']}) and {ckpt_path}")

    # The export check: the file, read back by the numpy reference, against the PyTorch model.
    src = ho if ho is not None else tr
    idx = torch.arange(min(64, src.n))
    x = src.batch(idx)[0].numpy()
    diffs = compare(model, out, x)
    worst = max(diffs.values())
    print(
        "export check on %d positions: max |diff| policy %.2e value %.2e score/scale %.2e ownership %.2e"
        % (len(idx), diffs["policy"], diffs["value"], diffs["score"], diffs["ownership"])
    )
    if not worst <= 1e-4:
        raise SystemExit(f"export check FAILED: {worst:.3e} > 1e-4; {out} does not match the trained model")
    print("export check ok")


# ---------------------------------------------------------------------------------------------
# Test vectors for the Rust inference


def randomise_bn(model, gen):
    """Random γ, β and running statistics, so that test vectors exercise the folding."""
    for m in model.modules():
        if isinstance(m, nn.BatchNorm2d):
            c = m.num_features
            m.weight.data = torch.rand(c, generator=gen) + 0.5
            m.bias.data = torch.randn(c, generator=gen) * 0.3
            m.running_mean.data = torch.randn(c, generator=gen) * 0.5
            m.running_var.data = torch.rand(c, generator=gen) * 1.5 + 0.5


def hexhex_mask(side):
    """On-board points of a hexhex board of side `side` on its (2s−1)×(2s−1) axial grid."""
    n = 2 * side - 1
    r, c = np.mgrid[0:n, 0:n]
    dr, dc = r - (side - 1), c - (side - 1)
    return (np.maximum(np.maximum(np.abs(dr), np.abs(dc)), np.abs(dr + dc)) <= side - 1).astype(np.uint8)


def test_vectors(outdir, seed=47):
    """Write tiny random nets and expected outputs: OUTDIR/tiny.tnet + tiny-vectors.json (9×9,
    square kernels), OUTDIR/tiny-hex.tnet + tiny-hex-vectors.json (a hexhex board of side 4
    on a 7×7 axial grid, corner-masked kernels) and OUTDIR/tiny-planes.tnet +
    tiny-planes-vectors.json (5×5, 3 binary + 2 scalar planes, 2 policy planes + 3 extras: a
    format-2 file). See README.md for the JSON fields.

    The first two draw from the generators seeded `seed`, exactly as before format 2 (their files
    must not change); the third draws its inputs and weights from generators of its own
    (`seed + 1`), used after the others."""
    os.makedirs(outdir, exist_ok=True)
    torch.manual_seed(seed)
    gen = torch.Generator().manual_seed(seed)
    rng = np.random.default_rng(seed)
    gen2 = torch.Generator().manual_seed(seed + 1)
    rng2 = np.random.default_rng(seed + 1)

    def case(name, board, b_planes, s_planes, rng=rng):
        h, w = board.shape
        bits = (rng.random((b_planes, h, w)) < 0.4).astype(np.uint8)
        bits[0] = board
        bits *= board[None]
        scalars = np.round(rng.uniform(-1, 1, s_planes), 3).astype(np.float32)
        return name, bits, scalars

    specs = []  # (stem, geometry, hex, cases, torch generator, (P, E))
    full9 = np.ones((9, 9), np.uint8)
    corners9 = full9.copy()
    corners9[0:2, 0:2] = 0
    corners9[7:9, 7:9] = 0
    specs.append(
        (
            "tiny",
            dict(game="linage", size=9, height=9, width=9),
            False,
            [
                case("all on board", full9, 6, 2),
                case("all on board, second", full9, 6, 2),
                case("two corner 2x2 regions off the board", corners9, 6, 2),
            ],
            gen,
            (1, 1),
        )
    )
    hx = hexhex_mask(4)
    specs.append(
        (
            "tiny-hex",
            dict(game="hexhex-test", size=4, height=7, width=7),
            True,
            [case("hexhex side 4", hx, 6, 2), case("hexhex side 4, second", hx, 6, 2)],
            gen,
            (1, 1),
        )
    )
    full5 = np.ones((5, 5), np.uint8)
    corner5 = full5.copy()
    corner5[3:5, 0:2] = 0
    specs.append(
        (
            "tiny-planes",
            dict(game="planes-test", size=5, height=5, width=5),
            False,
            [
                case("all on board", full5, 3, 2, rng2),
                case("all on board, second", full5, 3, 2, rng2),
                case("a corner 2x2 region off the board", corner5, 3, 2, rng2),
            ],
            gen2,
            (2, 3),
        )
    )
    g = lambda v: float("%.8g" % v)
    for stem, geo, hex_, cases, gen, (pp, pe) in specs:
        nb, ns = len(cases[0][1]), len(cases[0][2])
        model = Net(
            cin=nb + ns, channels=8, blocks=1, value_hidden=8, score_scale=20.0, hex=hex_, policy_planes=pp, policy_extras=pe
        )
        for p in model.parameters():  # the block's last γ starts at 0 in training; not here
            if p.dim() > 1:
                p.data = torch.randn(p.shape, generator=gen) * (1.0 / np.sqrt(p[0].numel()))
        if (pp, pe) != (1, 1):  # biases too (default init would differ little between planes)
            for p in (model.policy.bias, model.pass_.bias):
                p.data = torch.randn(p.shape, generator=gen) * 0.5
        randomise_bn(model, gen)
        model.eval()
        geometry = dict(geo, input_version=1, binary_planes=nb, scalar_planes=ns)
        path = os.path.join(outdir, stem + ".tnet")
        export(model, path, geometry, dict(test_vectors=f"random tiny net, seed {seed}, train.py --test-vectors", hex_kernels=hex_))
        h, w = geo["height"], geo["width"]
        bits = np.stack([c[1] for c in cases]).reshape(len(cases), -1)
        scalars = np.stack([c[2] for c in cases])
        x = tnet.build_planes(bits, scalars, nb, h, w)
        with torch.no_grad():
            logits, value, score, own = model(torch.from_numpy(x))
        diffs = compare(model, path, x)
        assert max(diffs.values()) < 1e-5, diffs
        out_cases = []
        for k, (name, _, _) in enumerate(cases):
            on = x[k, 0].reshape(-1) > 0
            ncell = pp * h * w
            pol = [g(v) if on[i % (h * w)] else None for i, v in enumerate(logits[k, :ncell].tolist())]
            pol += [g(v) for v in logits[k, ncell:].tolist()]
            out_cases.append(
                dict(
                    name=name,
                    bits=bits[k].tolist(),
                    scalars=[g(v) for v in scalars[k]],
                    policy=pol,
                    value=g(value[k]),
                    score=g(score[k] * model.score_scale),
                    ownership=[g(v) if on[i] else None for i, v in enumerate(own[k].tolist())],
                )
            )
        if (pp, pe) == (1, 1):
            policy_about = "policy: H*W+1 logits, null on off-board cells (the net gives -inf there), the pass last."
            policy_fields = {}
        else:
            policy_about = (
                "policy: policy_planes*H*W+policy_extras logits (plane p cell i at p*H*W+i, then the "
                "extras), null on off-board cells of every plane (the net gives -inf there)."
            )
            policy_fields = dict(policy_planes=pp, policy_extras=pe)
        doc = dict(
            about=(
                "Expected outputs of " + stem + ".tnet (a random tiny net written by "
                "tools/nets/train.py --test-vectors) for the Rust inference. bits/scalars are the "
                "record fields of docs/nets.md (bits row-major [plane][row][col]); the input is built "
                "from them as the doc says. " + policy_about + " ownership: H*W, null off the board. "
                "score in points. Computed by PyTorch in float32; compare within tolerance."
            ),
            net=stem + ".tnet",
            tolerance=1e-4,
            height=h,
            width=w,
            binary_planes=nb,
            scalar_planes=ns,
            **policy_fields,
            reference_max_diff=max(diffs.values()),
            cases=out_cases,
        )
        with open(os.path.join(outdir, stem + "-vectors.json"), "w") as f:
            json.dump(doc, f, separators=(",", ":"))
            f.write("\n")
        print(f"wrote {path} and {stem}-vectors.json (numpy reference vs PyTorch: {max(diffs.values()):.1e})")


# ---------------------------------------------------------------------------------------------


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", nargs="+", help="self-play data dirs (meta.json + games-*.bin)")
    ap.add_argument(
        "--train-only",
        nargs="+",
        metavar="DIR",
        help="more data dirs, trained on but never held out (the games an --init checkpoint has seen)",
    )
    ap.add_argument("--out", help="the weights file to write (a .pt checkpoint is saved beside it)")
    ap.add_argument("--blocks", type=int, default=None, help="residual blocks (4)")
    ap.add_argument("--channels", type=int, default=None, help="channels (32)")
    ap.add_argument("--value-hidden", type=int, default=None, help="value head hidden units (32)")
    ap.add_argument("--score-scale", type=float, default=None, help="points per unit of the score output (20)")
    ap.add_argument("--hex", action="store_true", help="hexhex boards: mask the kernels' non-neighbour corners (also meta.json 'hex': true)")
    ap.add_argument("--steps", type=int, default=20000, help="optimiser steps (20000)")
    ap.add_argument("--epochs", type=float, default=None, help="instead of --steps: passes over the training positions")
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=2e-3, help="AdamW peak learning rate (2e-3)")
    ap.add_argument("--weight-decay", type=float, default=1e-4)
    ap.add_argument("--warmup", type=int, default=200, help="warm-up steps (200)")
    ap.add_argument(
        "--policy-power",
        type=float,
        default=1.0,
        help="policy targets ∝ visit shares to this power (1: as searched; 2-3 sharpen flat ones)",
    )
    ap.add_argument(
        "--value-mix",
        type=float,
        default=0.0,
        help="value target = (1-M) * result + M * the search's estimate (format-3 data; 0: the result)",
    )
    ap.add_argument("--loss-weights", default=None, help="e.g. policy=1,value=1.5,score=0.5,own=0.15")
    ap.add_argument("--holdout", type=float, default=0.05, help="share of game files held out (0.05)")
    ap.add_argument("--eval-every", type=int, default=1000, help="held-out figures every N steps (1000; 0: at the end only)")
    ap.add_argument("--eval-positions", type=int, default=8192, help="held-out positions evaluated (8192)")
    ap.add_argument("--log-every", type=int, default=100)
    ap.add_argument("--threads", type=int, default=2, help="torch threads (2)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--init", default=None, help="a .pt checkpoint to continue from (its architecture is kept)")
    ap.add_argument("--time-limit", type=float, default=None, help="stop training after this many seconds")
    ap.add_argument("--no-export", action="store_true", help="train only (for timing)")
    ap.add_argument("--test-vectors", metavar="DIR", default=None, help="write the Rust test vectors to DIR and exit")
    args = ap.parse_args(argv)
    if not 0 <= args.value_mix <= 1:
        ap.error("--value-mix is between 0 and 1")
    torch.set_num_threads(args.threads)
    try:
        torch.set_num_interop_threads(1)
    except RuntimeError:
        pass
    if args.test_vectors:
        test_vectors(args.test_vectors)
        return
    if not args.data or (not args.out and not args.no_export):
        ap.error("--data and --out are required (or --test-vectors DIR)")
    for k, default in (("blocks", 4), ("channels", 32), ("value_hidden", 32), ("score_scale", 20.0)):
        setattr(args, k + "_given", getattr(args, k) is not None)
        if getattr(args, k) is None:
            setattr(args, k, default)
    train(args)


if __name__ == "__main__":
    main()
