//! Region shapes as 64-bit masks (bit `8·row + column`): lines, components, canonical images,
//! the legal placements of a shape, and the multiset hashes of a state.

/// Columns 0 and 7 of the 8-wide frame.
const COL0: u64 = 0x0101_0101_0101_0101;
const COL7: u64 = COL0 << 7;
/// Columns where a horizontal line of three can start (0–5).
const HSTART: u64 = 0x3f3f_3f3f_3f3f_3f3f;

/// Whether `m` holds a horizontal line of three.
#[inline]
fn has_hline(m: u64) -> bool {
    m & (m >> 1) & (m >> 2) & HSTART != 0
}

/// Whether `m` holds a vertical line of three.
#[inline]
fn has_vline(m: u64) -> bool {
    m & (m >> 8) & (m >> 16) != 0
}

/// Vertical's lines of three in `m` minus Horizontal's (overlapping lines each count).
#[inline]
pub(super) fn line_lean(m: u64) -> i32 {
    (m & (m >> 8) & (m >> 16)).count_ones() as i32
        - (m & (m >> 1) & (m >> 2) & HSTART).count_ones() as i32
}

/// The orthogonal component of `within` holding `seed`.
#[inline]
fn component(seed: u64, within: u64) -> u64 {
    let mut f = seed;
    loop {
        let g = (f | ((f << 1) & !COL0) | ((f >> 1) & !COL7) | (f << 8) | (f >> 8)) & within;
        if g == f {
            return f;
        }
        f = g;
    }
}

/// The canonical image of a shape: moved to the frame's corner, then the least of its images
/// under the identity, the left–right mirror, the up–down mirror and the half turn.
pub fn canonical(m: u64) -> u64 {
    debug_assert!(m != 0);
    let min_row = m.trailing_zeros() / 8;
    let max_row = (63 - m.leading_zeros()) / 8;
    let mut cols = m;
    cols |= cols >> 32;
    cols |= cols >> 16;
    cols |= cols >> 8;
    let cols = cols as u8;
    let min_col = cols.trailing_zeros();
    let max_col = 7 - cols.leading_zeros();
    let (h, w) = (max_row - min_row + 1, max_col - min_col + 1);
    let t = m >> (min_row * 8 + min_col);
    // reverse_bits takes (r, c) to (7 − r, 7 − c); swap_bytes takes row r to 7 − r.
    let rev = t.reverse_bits();
    let mirror = rev.swap_bytes() >> (8 - w);
    let flip = t.swap_bytes() >> (8 * (8 - h));
    let half = rev >> (8 * (8 - h) + (8 - w));
    t.min(mirror).min(flip).min(half)
}

/// The shape mirrored in the main diagonal: (row, column) to (column, row). Horizontal lines
/// become vertical ones, so the image belongs to the other side's game.
pub fn transpose(mut x: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0f0f_0f0f_0000_0000;
    let mut t = K4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = K2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = K1 & (x ^ (x << 7));
    x ^ t ^ (t >> 7)
}

/// A free region in a state: its canonical image and that of its transpose.
pub(super) type Shape = (u64, u64);

/// The shape of a region mask.
#[inline]
pub(super) fn shape(m: u64) -> Shape {
    (canonical(m), canonical(transpose(m)))
}

/// The multiset hashes of a state: two of its shapes, two of its transposes' (the transposed
/// state, with the sides swapped, has the same value for the side to move).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Hashes(pub(super) [u64; 4]);

impl Hashes {
    /// The state with the shape `s` added.
    #[inline]
    pub(super) fn add(self, s: Shape) -> Hashes {
        self.with(s, u64::wrapping_add)
    }

    /// The state with the shape `s` taken out.
    #[inline]
    pub(super) fn sub(self, s: Shape) -> Hashes {
        self.with(s, u64::wrapping_sub)
    }

    #[inline]
    fn with(self, s: Shape, op: fn(u64, u64) -> u64) -> Hashes {
        let (a, b) = mix(s.0);
        let (c, d) = mix(s.1);
        let h = self.0;
        Hashes([op(h[0], a), op(h[1], b), op(h[2], c), op(h[3], d)])
    }

    /// Toggles "the last turn was a pass".
    #[inline]
    pub(super) fn pass_flag(self) -> Hashes {
        let h = self.0;
        Hashes([
            h[0] ^ AFTER_PASS.0,
            h[1] ^ AFTER_PASS.1,
            h[2] ^ AFTER_PASS.0,
            h[3] ^ AFTER_PASS.1,
        ])
    }

    /// The table key with the side to move, and whether it is the transposed state's.
    #[inline]
    pub(super) fn key(self, horizontal: bool) -> ((u64, u64), bool) {
        let h = self.0;
        let side = |x: u64, y: u64, second: bool| {
            if second {
                (x ^ SECOND_TO_MOVE.0, y ^ SECOND_TO_MOVE.1)
            } else {
                (x, y)
            }
        };
        let plain = side(h[0], h[1], horizontal);
        let flipped = side(h[2], h[3], !horizontal);
        if flipped.0 < plain.0 {
            (flipped, true)
        } else {
            (plain, false)
        }
    }
}

/// The mixes of one shape for the two multiset hashes.
#[inline]
pub(super) fn mix(m: u64) -> (u64, u64) {
    fn splitmix(mut z: u64) -> u64 {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    (
        splitmix(m.wrapping_add(0x9e37_79b9_7f4a_7c15)),
        splitmix(m ^ 0x5851_f42d_4c95_7f2d).rotate_left(17),
    )
}

/// A placement in one shape: the cell and what is left of the shape.
#[derive(Clone, Copy, Debug)]
pub(super) struct Split {
    /// The cell's bit index in the shape's frame.
    pub(super) cell: u8,
    /// The free pieces left, as shapes (`(0, 0)` for none).
    pub(super) free: [Shape; 4],
    /// Points of the pieces Vertical now owns minus Horizontal's.
    pub(super) vertical_gain: i8,
}

impl Split {
    /// The free pieces the placement leaves.
    #[inline]
    pub(super) fn pieces(&self) -> impl Iterator<Item = &Shape> {
        self.free.iter().take_while(|p| p.0 != 0)
    }
}

/// Every legal placement in the free shape `m`.
pub(super) fn splits(m: u64, out: &mut Vec<Split>) {
    out.clear();
    let mut cells = m;
    while cells != 0 {
        let x = cells.trailing_zeros();
        cells &= cells - 1;
        let mut left = m & !(1u64 << x);
        let mut s = Split {
            cell: x as u8,
            free: [(0, 0); 4],
            vertical_gain: 0,
        };
        let (mut nfree, mut legal) = (0, true);
        while left != 0 {
            let piece = component(left & left.wrapping_neg(), left);
            left &= !piece;
            let points = piece.count_ones() as i8;
            match (has_hline(piece), has_vline(piece)) {
                (false, false) => {
                    legal = false;
                    break;
                }
                (true, true) => {
                    s.free[nfree] = shape(piece);
                    nfree += 1;
                }
                (false, true) => s.vertical_gain += points,
                (true, false) => s.vertical_gain -= points,
            }
        }
        if legal {
            out.push(s);
        }
    }
}

/// The hash tweaks for the side to move (Horizontal) and for "the last turn was a pass".
const SECOND_TO_MOVE: (u64, u64) = (0x2545_f491_4f6c_dd1d, 0x6a09_e667_f3bc_c909);
const AFTER_PASS: (u64, u64) = (0xd6e8_feb8_6659_fd93, 0xbb67_ae85_84ca_a73b);
