//! In-process inference for the small policy-and-value networks of issue 47.
//!
//! Why it is here: the `net` player's search (PUCT) asks a network for a policy, a value, a
//! score and an ownership map at every node it expands, thousands of times a second. Running
//! the network in the process — no Python, no runtime library, no GPU — keeps the player a
//! single static binary, and makes the speed a matter of one well-kept GEMM crate
//! (`matrixmultiply`).
//!
//! The contract is docs/nets.md: the architecture (a 3×3 stem, residual blocks, policy, pass,
//! ownership and value heads, a mask that zeroes off-board points after every ReLU), the
//! weights file (`TSRNET01`, a JSON header, little-endian f32s in PyTorch's `[out, in, kh, kw]`
//! order) and its FNV-1a 64 checksum. This module knows nothing about games: a network sees a
//! grid of `height × width` points and `binary_planes + scalar_planes` input planes; what the
//! planes mean is the game's business (`crate::games::NetInput`). The header's `game` is just
//! text here.
//!
//! Layout of the forward pass ([`Network::evaluate`]): activations are channel-major over the
//! whole batch, `[channels, batch·H·W]`, so a 3×3 convolution is one im2col matrix
//! `[Cin·9, batch·H·W]` multiplied by the weights `[Cout, Cin·9]` (as the file stores them) in
//! a single `sgemm`, whatever the batch. The residual addition is the GEMM's `β = 1`; bias,
//! ReLU and mask are one pass over the GEMM's output. The policy and ownership 1×1
//! convolutions are one more GEMM (`[P + 1, C] × [C, batch·H·W]`, `P` policy planes) with no
//! im2col; the global mean
//! and the value head's two small linear layers are plain loops. All scratch space lives in a
//! [`Workspace`], reused between calls (one per thread).
//!
//! [`Network::random`] builds a valid network of any shape with small random weights (tests,
//! benchmarks); [`Network::to_bytes`] writes the exact file format back.

mod file;
mod forward;
#[cfg(test)]
mod tests;

pub use file::{fnv1a64, NetError, NetHeader, NetProblem, FORMAT, MAGIC};
pub use forward::{Evaluation, Workspace};

use std::ops::Range;

/// Where one layer's weight and bias sit in the payload.
#[derive(Clone, Debug)]
struct Layer {
    w: Range<usize>,
    b: Range<usize>,
}

/// A loaded network: its header and its weights (the file's payload, read in place).
#[derive(Clone, Debug)]
pub struct Network {
    header: NetHeader,
    /// The payload, in the file's order.
    payload: Vec<f32>,
    stem: Layer,
    blocks: Vec<[Layer; 2]>,
    policy: Layer,
    pass: Layer,
    own: Layer,
    v1: Layer,
    v2: Layer,
    /// `policy.w` and `own.w` stacked, `[policy_planes + 1, C]`: the 1×1 heads in one GEMM.
    heads_w: Vec<f32>,
}

impl Network {
    /// Builds the network over `payload`, whose length the caller has checked against
    /// [`NetHeader::payload_floats`].
    fn from_payload(header: NetHeader, payload: Vec<f32>) -> Network {
        let c = header.channels;
        let cin = header.input_planes();
        let vh = header.value_hidden;
        let mut at = 0;
        let mut layer = |w: usize, b: usize| {
            let l = Layer {
                w: at..at + w,
                b: at + w..at + w + b,
            };
            at += w + b;
            l
        };
        let stem = layer(c * cin * 9, c);
        let blocks = (0..header.blocks)
            .map(|_| [layer(c * c * 9, c), layer(c * c * 9, c)])
            .collect();
        let (pp, pe) = (header.policy_planes, header.policy_extras);
        let policy = layer(pp * c, pp);
        let pass = layer(pe * c, pe);
        let own = layer(c, 1);
        let v1 = layer(vh * c, vh);
        let v2 = layer(2 * vh, 2);
        assert_eq!(at, payload.len(), "the payload's length was checked");
        let mut heads_w = payload[policy.w.clone()].to_vec();
        heads_w.extend_from_slice(&payload[own.w.clone()]);
        Network {
            header,
            payload,
            stem,
            blocks,
            policy,
            pass,
            own,
            v1,
            v2,
            heads_w,
        }
    }

    /// A network of `header`'s shape with weights drawn uniformly from ±0.1 (biases too) by a
    /// small xorshift generator seeded with `seed`: valid input for every function here, for
    /// tests and benchmarks.
    pub fn random(header: NetHeader, seed: u64) -> Result<Network, NetError> {
        let floats = header.payload_floats().map_err(|p| match p {
            NetProblem::Shape(what) => NetError::Shape(what),
            other => NetError::from(other),
        })?;
        let mut state = seed ^ 0x9e37_79b9_7f4a_7c15;
        if state == 0 {
            state = 1;
        }
        let payload = (0..floats)
            .map(|_| {
                // xorshift64*
                state ^= state >> 12;
                state ^= state << 25;
                state ^= state >> 27;
                let x = state.wrapping_mul(0x2545_f491_4f6c_dd1d);
                ((x >> 40) as f32 / (1u64 << 24) as f32) * 0.2 - 0.1
            })
            .collect();
        Ok(Network::from_payload(header, payload))
    }

    /// The header: grid, input planes, shape and provenance.
    pub fn header(&self) -> &NetHeader {
        &self.header
    }

    /// The length of one position's input: `(binary_planes + scalar_planes) · height · width`.
    pub fn input_len(&self) -> usize {
        self.header.input_planes() * self.header.height * self.header.width
    }

    /// The length of a policy: `policy_planes` planes of one logit per grid point, then the
    /// extra entries (pass first).
    pub fn policy_len(&self) -> usize {
        self.header.policy_len()
    }

    /// Floating-point operations of one evaluation (a multiply-add counts two): the
    /// convolutions and the heads.
    pub fn flops(&self) -> f64 {
        let h = &self.header;
        let (c, cin, vh) = (h.channels, h.input_planes(), h.value_hidden);
        let points = (h.height * h.width) as f64;
        let heads = (h.policy_planes + 1) * c;
        let convs = (cin * 9 * c + h.blocks * 2 * c * c * 9 + heads) as f64 * points;
        let value = (vh * c + 2 * vh + h.policy_extras * c) as f64;
        2.0 * (convs + value)
    }

    /// A short name of the shape: `4x32 9x9` (blocks × channels, height × width).
    pub fn shape_name(&self) -> String {
        let h = &self.header;
        format!("{}x{} {}x{}", h.blocks, h.channels, h.height, h.width)
    }
}
