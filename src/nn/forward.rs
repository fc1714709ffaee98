//! The forward pass of docs/nets.md over a batch: im2col + `sgemm` convolutions on
//! channel-major activations `[channels, batch·H·W]` (see the module docs of `nn`).

use super::{Layer, Network};

/// What the network says about one position, from the side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// Logits, not normalised: `policy_planes` planes of one per grid point (plane `p`, point
    /// `row * width + col` at `p·height·width + point`; off-board points are
    /// `f32::NEG_INFINITY`), then the `policy_extras` entries (pass first).
    pub policy: Vec<f32>,
    /// The mover's expected result, −1 … +1.
    pub value: f32,
    /// The mover's expected final margin, in points.
    pub score: f32,
    /// Each point's expected owner, +1 the mover … −1 the opponent (`height·width` values; an
    /// off-board point holds `tanh` of the head's bias, as the formula of docs/nets.md gives).
    pub ownership: Vec<f32>,
}

/// Scratch buffers of the forward pass, reused between calls so that evaluating allocates
/// nothing but its results. One per thread; it grows if a call needs more than it holds.
#[derive(Clone, Debug, Default)]
pub struct Workspace {
    /// The input, channel-major: `[Cin, n]` (`n` = batch·H·W).
    x: Vec<f32>,
    /// The im2col matrix: `[max(Cin, C)·9, n]`.
    col: Vec<f32>,
    /// The trunk: `[C, n]`.
    t: Vec<f32>,
    /// A block's middle: `[C, n]`.
    t2: Vec<f32>,
    /// The policy and ownership convolutions: `[policy_planes + 1, n]`.
    heads: Vec<f32>,
    /// Global means: `[batch, C]`.
    g: Vec<f32>,
    /// The value head's hidden layer: `[Vh]`.
    h: Vec<f32>,
}

fn grow(v: &mut Vec<f32>, len: usize) {
    if v.len() < len {
        v.resize(len, 0.0);
    }
}

impl Workspace {
    /// Makes every buffer big enough for `batch` positions of `net`.
    fn reserve(&mut self, net: &Network, batch: usize) {
        let h = net.header();
        let n = batch * h.height * h.width;
        let (c, cin) = (h.channels, h.input_planes());
        grow(&mut self.x, cin * n);
        grow(&mut self.col, cin.max(c) * 9 * n);
        grow(&mut self.t, c * n);
        grow(&mut self.t2, c * n);
        grow(&mut self.heads, (h.policy_planes + 1) * n);
        grow(&mut self.g, batch * c);
        grow(&mut self.h, h.value_hidden);
    }
}

impl Network {
    /// A workspace for batches of up to `max_batch` positions.
    pub fn workspace(&self, max_batch: usize) -> Workspace {
        let mut ws = Workspace::default();
        ws.reserve(self, max_batch.max(1));
        ws
    }

    /// Evaluates `batch` positions: `input` holds them one after the other, each
    /// [`input_len`](Network::input_len) floats, `Cin × H × W` row-major (the binary planes,
    /// then the scalar planes; plane 0 is the on-board mask). All positions go through each
    /// convolution in one GEMM.
    ///
    /// # Panics
    /// If `input.len()` is not `batch · input_len()`.
    pub fn evaluate(&self, input: &[f32], batch: usize, ws: &mut Workspace) -> Vec<Evaluation> {
        assert_eq!(
            input.len(),
            batch * self.input_len(),
            "the input holds {batch} positions of {} floats",
            self.input_len()
        );
        if batch == 0 {
            return Vec::new();
        }
        ws.reserve(self, batch);
        let hd = self.header();
        let (hgt, wid) = (hd.height, hd.width);
        let hw = hgt * wid;
        let n = batch * hw;
        let (c, cin) = (hd.channels, hd.input_planes());
        let p = &self.payload;

        // The input, channel-major; plane 0 (rows 0..n of x) is the mask.
        for b in 0..batch {
            for ci in 0..cin {
                ws.x[ci * n + b * hw..][..hw].copy_from_slice(&input[(b * cin + ci) * hw..][..hw]);
            }
        }
        let (mask, _) = ws.x.split_at(n);

        // Stem.
        im2col(&ws.x[..cin * n], cin, batch, hgt, wid, &mut ws.col);
        conv(p, &self.stem, c, cin * 9, n, &ws.col, &mut ws.t, 0.0, mask);
        // Residual blocks: t2 = relu(a(t))·mask; t = relu(t + b(t2))·mask.
        for [a, bl] in &self.blocks {
            im2col(&ws.t[..c * n], c, batch, hgt, wid, &mut ws.col);
            conv(p, a, c, c * 9, n, &ws.col, &mut ws.t2, 0.0, mask);
            im2col(&ws.t2[..c * n], c, batch, hgt, wid, &mut ws.col);
            conv(p, bl, c, c * 9, n, &ws.col, &mut ws.t, 1.0, mask);
        }
        // Policy and ownership 1×1 convolutions: [P + 1, C] × [C, n].
        let planes = hd.policy_planes;
        gemm(planes + 1, c, n, &self.heads_w, &ws.t, &mut ws.heads, 0.0);

        let policy_b = &p[self.policy.b.clone()];
        let own_b = p[self.own.b.start];
        let (pass_w, pass_b) = (&p[self.pass.w.clone()], &p[self.pass.b.clone()]);
        let (v1_w, v1_b) = (&p[self.v1.w.clone()], &p[self.v1.b.clone()]);
        let (v2_w, v2_b) = (&p[self.v2.w.clone()], &p[self.v2.b.clone()]);
        let vh = hd.value_hidden;
        let mut out = Vec::with_capacity(batch);
        for b in 0..batch {
            let cells = b * hw..(b + 1) * hw;
            let m = &mask[cells.clone()];
            let on_board: f32 = m.iter().sum();
            // Global mean over on-board points (the trunk is zero off the board).
            let g = &mut ws.g[b * c..(b + 1) * c];
            for (ch, gc) in g.iter_mut().enumerate() {
                let sum: f32 = ws.t[ch * n..][cells.clone()].iter().sum();
                *gc = if on_board > 0.0 { sum / on_board } else { 0.0 };
            }
            let mut policy = Vec::with_capacity(hd.policy_len());
            for (plane, &pb) in policy_b.iter().enumerate() {
                let logits = &ws.heads[plane * n..][cells.clone()];
                policy.extend(logits.iter().zip(m).map(|(&l, &on)| {
                    if on != 0.0 {
                        l + pb
                    } else {
                        f32::NEG_INFINITY
                    }
                }));
            }
            for (w, &b) in pass_w.chunks_exact(c).zip(pass_b) {
                policy.push(dot(w, g) + b);
            }
            let ownership = ws.heads[planes * n..][cells]
                .iter()
                .map(|&o| (o + own_b).tanh())
                .collect();
            for (k, hk) in ws.h[..vh].iter_mut().enumerate() {
                *hk = (dot(&v1_w[k * c..(k + 1) * c], g) + v1_b[k]).max(0.0);
            }
            let h = &ws.h[..vh];
            let value = (dot(&v2_w[..vh], h) + v2_b[0]).tanh();
            let score = (dot(&v2_w[vh..], h) + v2_b[1]) * hd.score_scale;
            out.push(Evaluation {
                policy,
                value,
                score,
                ownership,
            });
        }
        out
    }
}

fn dot(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// One convolution as a GEMM on an im2col matrix, then bias, ReLU and mask:
/// `out = relu(β·out + W·col + bias) · mask` (`β = 1` adds the residual already in `out`).
#[allow(clippy::too_many_arguments)]
fn conv(
    payload: &[f32],
    layer: &Layer,
    m: usize,
    k: usize,
    n: usize,
    col: &[f32],
    out: &mut [f32],
    beta: f32,
    mask: &[f32],
) {
    gemm(m, k, n, &payload[layer.w.clone()], col, out, beta);
    let bias = &payload[layer.b.clone()];
    for (row, &b) in out[..m * n].chunks_exact_mut(n).zip(bias) {
        for (v, &on) in row.iter_mut().zip(mask) {
            *v = (*v + b).max(0.0) * on;
        }
    }
}

/// `c[m×n] = a[m×k] · b[k×n] + β·c`, all row-major and dense.
fn gemm(m: usize, k: usize, n: usize, a: &[f32], b: &[f32], c: &mut [f32], beta: f32) {
    assert!(a.len() >= m * k && b.len() >= k * n && c.len() >= m * n);
    // SAFETY: the assertion keeps every access of the three matrices, with the strides given
    // (rows of k, n and n floats, unit column strides), inside the slices; `c` is borrowed
    // mutably, so it overlaps neither `a` nor `b`.
    unsafe {
        matrixmultiply::sgemm(
            m,
            k,
            n,
            1.0,
            a.as_ptr(),
            k as isize,
            1,
            b.as_ptr(),
            n as isize,
            1,
            beta,
            c.as_mut_ptr(),
            n as isize,
            1,
        );
    }
}

/// The im2col matrix of a 3×3 convolution with padding 1: row `plane·9 + ky·3 + kx`, column
/// `position·H·W + y·W + x` holds `src[plane][position][y + ky − 1][x + kx − 1]`, 0 outside
/// the grid. `src` is `[planes, batch·H·W]`.
///
/// Each row is the whole source plane shifted by `(ky − 1)·W + (kx − 1)`: one long copy, then
/// the cells whose neighbour is off the grid (the copy wrapped them into the next row or
/// position) are zeroed. (Copying row by row costs a call per 9 floats: a third of the time at
/// batch 1 went there.)
fn im2col(src: &[f32], planes: usize, batch: usize, h: usize, w: usize, col: &mut [f32]) {
    let hw = h * w;
    let n = batch * hw;
    for p in 0..planes {
        let plane = &src[p * n..(p + 1) * n];
        for ky in 0..3 {
            for kx in 0..3 {
                let row = &mut col[(p * 9 + ky * 3 + kx) * n..][..n];
                let shift = (ky as isize - 1) * w as isize + (kx as isize - 1);
                let s = shift.unsigned_abs().min(n);
                if shift >= 0 {
                    row[..n - s].copy_from_slice(&plane[s..]);
                    row[n - s..].fill(0.0);
                } else {
                    row[s..].copy_from_slice(&plane[..n - s]);
                    row[..s].fill(0.0);
                }
                for d in row.chunks_exact_mut(hw) {
                    match ky {
                        0 => d[..w].fill(0.0),
                        2 => d[hw - w..].fill(0.0),
                        _ => {}
                    }
                    match kx {
                        0 => d.iter_mut().step_by(w).for_each(|v| *v = 0.0),
                        2 => d[w - 1..].iter_mut().step_by(w).for_each(|v| *v = 0.0),
                        _ => {}
                    }
                }
            }
        }
    }
}
