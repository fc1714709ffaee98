"""The contract of docs/nets.md in plain numpy: weights files, self-play records, a reference forward.

This module deliberately depends on numpy only (no torch). It is the second, independent reading
of docs/nets.md beside the PyTorch model in train.py: train.py exports a network, this module
reads the file back and runs the documented forward pass on it, and the two must agree. An
export-order bug (a transposed matrix, a head written in the wrong place, BN folded wrongly)
then shows up as a mismatch at training time instead of as a weak player in Rust.

The same forward also produces the expected outputs of the test vectors for the Rust inference
(tests/data/nets/), so Rust is checked against this very reading of the contract.

Contents:
- `fnv1a64`, `param_layout`, `write_tnet`, `read_tnet`: the weights file (formats 1 and 2);
- `record_dtype`, `read_records`, `build_planes`: the self-play data (with or without
  `policy_planes` / `policy_extras`);
- `forward`: the network (P policy planes, E extra policy entries), computed in float64.

Format 2 differs from format 1 only in the policy: `policy_planes` P planes of H*W logits and
`policy_extras` E entries after them (format 1 is P = 1, E = 1: the cells, then the pass).
"""

import json
import os

import numpy as np

MAGIC = b"TSRNET01"
# Written when policy_planes = policy_extras = 1 (byte for byte the files of before format 2),
# FORMAT_2 otherwise; both are read.
FORMAT = 1
FORMAT_2 = 2
# The size limit the issue sets for a weights file (the Rust program embeds or loads it whole).
MAX_BYTES = 2 * 1024 * 1024

FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3
MASK64 = 0xFFFFFFFFFFFFFFFF


def fnv1a64(data: bytes) -> int:
    """FNV-1a 64 over `data`, byte by byte (the weights file's checksum).

    A plain loop: a 2 MB payload takes about a second, which is nothing beside training, and a
    loop is the obviously-correct form of the algorithm the Rust side reimplements.
    """
    h = FNV_OFFSET
    for b in data:
        h ^= b
        h = (h * FNV_PRIME) & MASK64
    return h


def param_layout(cin, channels, blocks, value_hidden, policy_planes=1, policy_extras=1):
    """The payload's tensors in file order: a list of (name, shape).

    This list *is* the payload order of docs/nets.md; both writing and reading go through it, so
    the order is stated once. policy.w is [P, C] and pass.w [E, C] (format 1: [1, C], the same
    bytes as the [C] of its documentation).
    """
    p, e = policy_planes, policy_extras
    c, vh = channels, value_hidden
    out = [("stem.w", (c, cin, 3, 3)), ("stem.b", (c,))]
    for i in range(blocks):
        out += [
            (f"block{i}.a.w", (c, c, 3, 3)),
            (f"block{i}.a.b", (c,)),
            (f"block{i}.b.w", (c, c, 3, 3)),
            (f"block{i}.b.b", (c,)),
        ]
    out += [
        ("policy.w", (p, c)),
        ("policy.b", (p,)),
        ("pass.w", (e, c)),
        ("pass.b", (e,)),
        ("own.w", (c,)),
        ("own.b", (1,)),
        ("v1.w", (vh, c)),
        ("v1.b", (vh,)),
        ("v2.w", (2, vh)),
        ("v2.b", (2,)),
    ]
    return out


def policy_shape(d):
    """(P, E): `policy_planes` and `policy_extras` of a header or a meta.json, absent = 1 and 1."""
    p, e = d.get("policy_planes", 1), d.get("policy_extras", 1)
    if not (isinstance(p, int) and p >= 1 and isinstance(e, int) and e >= 0):
        raise ValueError(f"policy_planes {p!r} (>= 1) / policy_extras {e!r} (>= 0)")
    return p, e


def policy_len(d):
    """P*H*W + E of a header or a meta.json."""
    p, e = policy_shape(d)
    return p * d["height"] * d["width"] + e


def layout_of(header):
    """`param_layout` from a header's fields."""
    cin = header["binary_planes"] + header["scalar_planes"]
    p, e = policy_shape(header)
    return param_layout(cin, header["channels"], header["blocks"], header["value_hidden"], p, e)


# The header's fields in the order they are written (json keeps insertion order), so that files
# are easy to read by eye and diff.
HEADER_FIELDS = [
    "format",
    "game",
    "size",
    "input_version",
    "height",
    "width",
    "binary_planes",
    "scalar_planes",
    "policy_planes",  # format 2 only
    "policy_extras",  # format 2 only
    "blocks",
    "channels",
    "value_hidden",
    "score_scale",
    "payload_floats",
    "checksum",
    "trained",
]


def write_tnet(path, header, params):
    """Write a weights file; returns the number of bytes written.

    `header` holds every documented field except `format`, `payload_floats` and `checksum`, which
    are computed here; `policy_planes` / `policy_extras` may be left out (1 and 1). With P = 1 and
    E = 1 the file is format 1 (the two fields are not written), otherwise format 2; `params` maps each name of `layout_of(header)` to an array of that shape.
    The file is written to a temporary name and renamed, so a reader never sees half a file.
    Raises ValueError when a tensor is missing, has the wrong shape or is not finite, or when the
    file would exceed MAX_BYTES.
    """
    parts = []
    for name, shape in layout_of(header):
        a = np.asarray(params[name], dtype=np.float64)
        if a.shape != tuple(shape):
            raise ValueError(f"{name}: shape {a.shape}, the layout says {shape}")
        if not np.all(np.isfinite(a)):
            raise ValueError(f"{name}: not finite")
        parts.append(a.astype("<f4").ravel())
    payload = np.concatenate(parts).tobytes()
    full = dict(header)
    p, e = policy_shape(full)
    if (p, e) == (1, 1):
        full.pop("policy_planes", None)
        full.pop("policy_extras", None)
        full["format"] = FORMAT
    else:
        full["format"] = FORMAT_2
    full["payload_floats"] = len(payload) // 4
    full["checksum"] = "fnv1a64:%016x" % fnv1a64(payload)
    fields = [k for k in HEADER_FIELDS if full["format"] == FORMAT_2 or not k.startswith("policy_")]
    missing = [k for k in fields if k not in full]
    if missing:
        raise ValueError(f"header fields missing: {missing}")
    ordered = {k: full[k] for k in fields}
    ordered.update({k: v for k, v in full.items() if k not in ordered})
    head = json.dumps(ordered, indent=1).encode("utf-8")
    blob = MAGIC + len(head).to_bytes(4, "little") + head + payload
    if len(blob) > MAX_BYTES:
        raise ValueError(f"{path}: {len(blob)} bytes, over the {MAX_BYTES}-byte limit")
    d = os.path.dirname(os.path.abspath(path))
    os.makedirs(d, exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(blob)
    os.replace(tmp, path)
    return len(blob)


def read_tnet(path):
    """Read and check a weights file; returns (header, {name: float32 array}).

    Checks the magic, the header length, `format` (1, or 2 with `policy_planes` >= 1 and
    `policy_extras` >= 0; format 1 has neither and means 1 and 1), `payload_floats` against both
    the layout and the bytes present, and the checksum: the same checks the Rust loader is meant
    to make. The header returned is the file's (use `policy_shape` for P and E).
    """
    with open(path, "rb") as f:
        blob = f.read()
    if blob[:8] != MAGIC:
        raise ValueError(f"{path}: not a tessera net (magic {blob[:8]!r})")
    n = int.from_bytes(blob[8:12], "little")
    header = json.loads(blob[12 : 12 + n].decode("utf-8"))
    fmt = header.get("format")
    if fmt == FORMAT:
        if "policy_planes" in header or "policy_extras" in header:
            raise ValueError(f"{path}: format 1 with policy_planes / policy_extras")
    elif fmt == FORMAT_2:
        if "policy_planes" not in header or "policy_extras" not in header:
            raise ValueError(f"{path}: format 2 without policy_planes / policy_extras")
        try:
            policy_shape(header)
        except ValueError as err:
            raise ValueError(f"{path}: {err}") from None
    else:
        raise ValueError(f"{path}: format {fmt}, expected {FORMAT} or {FORMAT_2}")
    payload = blob[12 + n :]
    layout = layout_of(header)
    want = sum(int(np.prod(s)) for _, s in layout)
    if header["payload_floats"] != want or len(payload) != 4 * want:
        raise ValueError(
            f"{path}: payload {len(payload)} bytes, header says {header['payload_floats']} "
            f"floats, the layout {want}"
        )
    checksum = "fnv1a64:%016x" % fnv1a64(payload)
    if header["checksum"] != checksum:
        raise ValueError(f"{path}: checksum {checksum}, header says {header['checksum']}")
    flat = np.frombuffer(payload, dtype="<f4")
    params, at = {}, 0
    for name, shape in layout:
        k = int(np.prod(shape))
        params[name] = flat[at : at + k].reshape(shape).astype(np.float32)
        at += k
    return header, params


# ---------------------------------------------------------------------------------------------
# Self-play data (format 1; meta.json's policy_planes / policy_extras, absent = 1 and 1)


def record_dtype(meta):
    """The numpy structured dtype of one self-play record, from meta.json.

    numpy packs a list-form dtype without padding, as the format requires. Raises ValueError when
    meta.json's `record_bytes` disagrees with the fields (a layout change on one side only).
    """
    b, h, w = meta["binary_planes"], meta["height"], meta["width"]
    s, hw = meta["scalar_planes"], meta["height"] * meta["width"]
    plen = policy_len(meta)
    if meta.get("policy_len", plen) != plen:
        p, e = policy_shape(meta)
        raise ValueError(f"policy_len {meta['policy_len']}, expected {plen} ({p} planes of {hw} + {e})")
    dt = np.dtype(
        [
            ("bits", "u1", (b * hw,)),
            ("scalars", "<f4", (s,)),
            ("policy", "<f4", (plen,)),
            ("value", "<f4"),
            ("score", "<f4"),
            ("ownership", "i1", (hw,)),
            ("policy_weight", "<f4"),
        ]
        + ([("search_value", "<f4")] if meta.get("format", 1) >= 3 else [])
    )
    if dt.itemsize != meta["record_bytes"]:
        raise ValueError(f"record_bytes {meta['record_bytes']} in meta.json, the fields make {dt.itemsize}")
    return dt


def read_records(path, dtype):
    """All records of one games-NNNNNN.bin file (a whole number of records, else ValueError)."""
    size = os.path.getsize(path)
    if size % dtype.itemsize:
        raise ValueError(f"{path}: {size} bytes, not a multiple of the record size {dtype.itemsize}")
    return np.fromfile(path, dtype=dtype)


def check_records(recs, meta):
    """Sanity checks of records against docs/nets.md; returns (errors, warnings), lists of text.

    The writer (`tessera selfplay`) and this reader are written separately; a record that breaks
    the contract should stop training loudly rather than quietly teach the net nonsense.
    Errors: bits not 0/1, plane 0 not 0/1-consistent with the other planes (a bit set off the
    board), non-finite numbers, ownership outside −1/0/+1, a value or search_value outside
    [−1, 1], a negative policy_weight. Warnings: visit shares not summing to 1 at policy_weight > 0, shares on
    off-board cells, shares present at policy_weight 0.
    """
    errors, warnings = [], []
    n = len(recs)
    if n == 0:
        return errors, warnings
    b, h, w = meta["binary_planes"], meta["height"], meta["width"]
    bits = recs["bits"].reshape(n, b, h * w)

    def count(cond, what, into):
        k = int(np.count_nonzero(cond))
        if k:
            into.append(f"{k} of {n} records: {what}")

    count((bits > 1).any(axis=(1, 2)), "bits not 0/1", errors)
    count(((bits[:, 1:] > 0) & (bits[:, 0:1] == 0)).any(axis=(1, 2)), "a bit set off the board", errors)
    floats = ("scalars", "policy", "value", "score", "policy_weight", "search_value")
    for k in (k for k in floats if k in recs.dtype.names):
        a = recs[k].reshape(n, -1)
        count(~np.isfinite(a).all(axis=1), f"{k} not finite", errors)
    count(~np.isin(recs["ownership"], (-1, 0, 1)).all(axis=1), "ownership not -1/0/+1", errors)
    count(np.abs(recs["value"]) > 1, "value outside [-1, 1]", errors)
    if "search_value" in recs.dtype.names:
        count(np.abs(recs["search_value"]) > 1, "search_value outside [-1, 1]", errors)
    count(recs["policy_weight"] < 0, "negative policy_weight", errors)
    full = recs["policy_weight"] > 0
    sums = recs["policy"].sum(axis=1)
    count(full & (np.abs(sums - 1) > 1e-3), "visit shares not summing to 1 (policy_weight > 0)", warnings)
    count(~full & (sums != 0), "visit shares at policy_weight 0", warnings)
    off = bits[:, 0] == 0
    p, _ = policy_shape(meta)
    planes = recs["policy"][:, : p * h * w].reshape(n, p, h * w)
    count((planes * off[:, None] > 0).any(axis=(1, 2)), "visit shares on off-board cells", warnings)
    return errors, warnings


def build_planes(bits, scalars, binary_planes, height, width):
    """The network input [N, Cin, H, W] float32 from records' bits [N, B*H*W] and scalars [N, S].

    Binary planes first (u8 → f32), then each scalar broadcast over the grid and multiplied by
    plane 0 (on the board), so off-board points are 0 in every plane.
    """
    n = bits.shape[0]
    x = bits.reshape(n, binary_planes, height, width).astype(np.float32)
    sc = scalars.astype(np.float32)[:, :, None, None] * x[:, 0:1]
    return np.concatenate([x, sc], axis=1)


# ---------------------------------------------------------------------------------------------
# The reference forward, float64


def conv3x3(x, w, b):
    """3×3 cross-correlation with zero padding 1 (PyTorch's conv2d): x [N,Ci,H,W], w [Co,Ci,3,3]."""
    n, ci, h, wd = x.shape
    xp = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    out = np.zeros((n, w.shape[0], h, wd)) + b[None, :, None, None]
    for kr in range(3):
        for kc in range(3):
            out += np.einsum("oi,nihw->nohw", w[:, :, kr, kc], xp[:, :, kr : kr + h, kc : kc + wd])
    return out


def forward(header, params, x):
    """The network of docs/nets.md on inputs x [N, Cin, H, W]; float64 throughout.

    Returns a dict: `policy` [N, P*H*W+E] logits (plane p cell i at p*H*W+i, off-board cells -inf
    in every plane; then the E extras, format 1's pass), `value` [N]
    (tanh), `score` [N] (points), `ownership` [N, H*W] (tanh; off-board points hold tanh(own.b),
    which means nothing).
    """
    p = {k: v.astype(np.float64) for k, v in params.items()}
    x = np.asarray(x, dtype=np.float64)
    n, _, h, w = x.shape
    mask = x[:, 0:1]
    relu = lambda a: np.maximum(a, 0.0)
    t = relu(conv3x3(x, p["stem.w"], p["stem.b"])) * mask
    for i in range(header["blocks"]):
        t2 = relu(conv3x3(t, p[f"block{i}.a.w"], p[f"block{i}.a.b"])) * mask
        t = relu(t + conv3x3(t2, p[f"block{i}.b.w"], p[f"block{i}.b.b"])) * mask
    g = t.sum(axis=(2, 3)) / mask.sum(axis=(2, 3))  # [N, C]
    cells = np.einsum("pc,nchw->nphw", p["policy.w"], t) + p["policy.b"][None, :, None, None]
    cells = np.where(mask > 0, cells, -np.inf).reshape(n, -1)  # [N, P*H*W], plane-major
    extras = g @ p["pass.w"].T + p["pass.b"]  # [N, E]
    own = np.tanh(np.einsum("c,nchw->nhw", p["own.w"], t) + p["own.b"][0]).reshape(n, h * w)
    hid = relu(g @ p["v1.w"].T + p["v1.b"])
    out = hid @ p["v2.w"].T + p["v2.b"]
    return {
        "policy": np.concatenate([cells, extras], axis=1),
        "value": np.tanh(out[:, 0]),
        "score": out[:, 1] * header["score_scale"],
        "ownership": own,
    }
