//! Fixed-size bit sets for board masks.

/// A set of cells as a fixed array of `W` 64-bit words.
///
/// One code path serves every board: [`Mask`] (`W = 7`, 448 bits) holds the largest board
/// (hexhex side 12 has 397 cells, square 19×19 has 361). `BitSet<2>` is a `u128`-sized mask for
/// code that knows its boards are small (hexhex side ≤ 7, square ≤ 11).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct BitSet<const W: usize>(pub [u64; W]);

/// The mask type that fits every board size.
pub type Mask = BitSet<7>;

impl<const W: usize> BitSet<W> {
    /// Number of bits the set can hold.
    pub const CAPACITY: usize = 64 * W;

    /// The empty set.
    pub const EMPTY: Self = BitSet([0; W]);

    /// The set of the first `n` bits.
    pub fn first_n(n: usize) -> Self {
        assert!(
            n <= Self::CAPACITY,
            "bit set of {W} words cannot hold {n} bits"
        );
        let mut s = Self::EMPTY;
        for (i, w) in s.0.iter_mut().enumerate() {
            let lo = i * 64;
            if n >= lo + 64 {
                *w = !0;
            } else if n > lo {
                *w = (1u64 << (n - lo)) - 1;
            }
        }
        s
    }

    /// Whether bit `i` is set.
    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    /// Sets bit `i`.
    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Clears bit `i`.
    #[inline]
    pub fn remove(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    /// Number of set bits.
    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether no bit is set.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Whether the two sets share a bit.
    #[inline]
    pub fn intersects(&self, other: &Self) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// The lowest set bit, if any.
    #[inline]
    pub fn first(&self) -> Option<usize> {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }

    /// The `k`-th set bit (0-based) in ascending order, if there are more than `k`.
    pub fn nth(&self, mut k: usize) -> Option<usize> {
        for (i, &w) in self.0.iter().enumerate() {
            let c = w.count_ones() as usize;
            if k < c {
                return Some(i * 64 + select_in_word(w, k as u32) as usize);
            }
            k -= c;
        }
        None
    }

    /// Set difference `self \ other`.
    #[inline]
    pub fn and_not(&self, other: &Self) -> Self {
        let mut r = *self;
        for (a, b) in r.0.iter_mut().zip(other.0.iter()) {
            *a &= !b;
        }
        r
    }

    /// Shifts every bit `k` places towards higher indices (bits past the capacity are lost).
    pub fn shl(&self, k: usize) -> Self {
        let (words, bits) = (k / 64, k % 64);
        let mut r = Self::EMPTY;
        for i in (words..W).rev() {
            let src = i - words;
            let mut v = self.0[src] << bits;
            if bits != 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - bits);
            }
            r.0[i] = v;
        }
        r
    }

    /// Shifts every bit `k` places towards lower indices.
    pub fn shr(&self, k: usize) -> Self {
        let (words, bits) = (k / 64, k % 64);
        let mut r = Self::EMPTY;
        for i in 0..W.saturating_sub(words) {
            let src = i + words;
            let mut v = self.0[src] >> bits;
            if bits != 0 && src + 1 < W {
                v |= self.0[src + 1] << (64 - bits);
            }
            r.0[i] = v;
        }
        r
    }

    /// Iterates over the set bits in ascending order.
    pub fn iter(&self) -> BitIter<W> {
        BitIter {
            set: *self,
            word: 0,
        }
    }
}

/// The position of the `k`-th set bit (0-based) of `w`, which has more than `k` set bits.
///
/// Narrows down by popcount over halves, quarters and eighths (the random playouts pick cells
/// this way millions of times a second), then clears at most seven low bits.
#[inline]
fn select_in_word(mut w: u64, mut k: u32) -> u32 {
    let mut pos = 0;
    for half in [32u32, 16, 8] {
        let low = (w & ((1u64 << half) - 1)).count_ones();
        if k >= low {
            k -= low;
            w >>= half;
            pos += half;
        }
    }
    for _ in 0..k {
        w &= w - 1;
    }
    pos + w.trailing_zeros()
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl<const W: usize> std::ops::$tr for BitSet<W> {
            type Output = Self;
            #[inline]
            fn $f(self, rhs: Self) -> Self {
                let mut r = self;
                for (i, a) in r.0.iter_mut().enumerate() {
                    *a = self.0[i] $op rhs.0[i];
                }
                r
            }
        }
        impl<const W: usize> std::ops::$tra for BitSet<W> {
            #[inline]
            fn $fa(&mut self, rhs: Self) {
                *self = std::ops::$tr::$f(*self, rhs);
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<const W: usize> std::fmt::Debug for BitSet<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Iterator over the set bits of a [`BitSet`].
pub struct BitIter<const W: usize> {
    set: BitSet<W>,
    word: usize,
}

impl<const W: usize> Iterator for BitIter<W> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < W {
            let w = &mut self.set.0[self.word];
            if *w != 0 {
                let b = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(self.word * 64 + b);
            }
            self.word += 1;
        }
        None
    }
}

impl<const W: usize> Default for BitSet<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basic_ops() {
        let mut s = Mask::EMPTY;
        for i in [0, 63, 64, 200, 447] {
            s.insert(i);
        }
        assert_eq!(s.count(), 5);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 63, 64, 200, 447]);
        assert_eq!(s.nth(3), Some(200));
        assert_eq!(s.nth(5), None);
        s.remove(63);
        assert!(!s.contains(63));
        assert_eq!(s.first(), Some(0));
        assert_eq!(Mask::first_n(130).count(), 130);
        assert!(Mask::first_n(130).contains(129) && !Mask::first_n(130).contains(130));
    }

    #[test]
    fn nth_matches_iteration() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200 {
            let mut s = Mask::EMPTY;
            for w in s.0.iter_mut() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                *w = x & (x >> 3);
            }
            let all: Vec<usize> = s.iter().collect();
            for (k, &bit) in all.iter().enumerate() {
                assert_eq!(s.nth(k), Some(bit));
            }
            assert_eq!(s.nth(all.len()), None);
        }
    }

    #[test]
    fn shifts_cross_words() {
        let mut s = Mask::EMPTY;
        s.insert(62);
        s.insert(100);
        let l = s.shl(3);
        assert_eq!(l.iter().collect::<Vec<_>>(), vec![65, 103]);
        assert_eq!(l.shr(3), s);
        assert_eq!(s.shl(130).iter().collect::<Vec<_>>(), vec![192, 230]);
        assert_eq!(s.shr(70).iter().collect::<Vec<_>>(), vec![30]);
        let mut top = Mask::EMPTY;
        top.insert(447);
        assert!(top.shl(1).is_empty());
    }
}
