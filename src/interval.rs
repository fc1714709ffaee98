//! A proportion with its 95 % Wilson score interval: the one interval every report in the
//! crate gives for a win rate (`tessera match`'s Elo bounds at a score of 0 or 1, `tessera
//! stats`, `tessera komi`, the bid's tests). A leaf module, so that `search` and `stats` can
//! both use it without importing each other.

use serde::Serialize;

/// A proportion with its 95 % Wilson score interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rate {
    /// Successes (draws count half).
    pub points: f64,
    /// Trials.
    pub n: usize,
    /// points / n.
    pub p: f64,
    /// Lower end of the 95 % interval.
    pub lo: f64,
    /// Upper end of the 95 % interval.
    pub hi: f64,
}

/// The 95 % Wilson score interval of `points` successes in `n` trials (draws may count half).
/// With `n == 0` the rate is 0.5 and the interval the whole of 0…1.
pub fn wilson(points: f64, n: usize) -> Rate {
    const Z: f64 = 1.959_964;
    if n == 0 {
        return Rate {
            points,
            n,
            p: 0.5,
            lo: 0.0,
            hi: 1.0,
        };
    }
    let nf = n as f64;
    let p = points / nf;
    let z2 = Z * Z;
    let centre = p + z2 / (2.0 * nf);
    let spread = Z * (p * (1.0 - p) / nf + z2 / (4.0 * nf * nf)).sqrt();
    let denom = 1.0 + z2 / nf;
    Rate {
        points,
        n,
        p,
        lo: ((centre - spread) / denom).clamp(0.0, p),
        hi: ((centre + spread) / denom).clamp(p, 1.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        // 45.85 % of 1000 (the Linage seed's figure) is ±3.1 points.
        let r = wilson(458.5, 1000);
        assert!((r.p - 0.4585).abs() < 1e-12);
        assert!((r.lo - 0.4277).abs() < 0.001, "{}", r.lo);
        assert!((r.hi - 0.4896).abs() < 0.001, "{}", r.hi);
        // 10 of 10: upper end 1, lower end 0.722 (textbook value).
        let r = wilson(10.0, 10);
        assert!((r.lo - 0.7225).abs() < 0.001 && r.hi == 1.0, "{r:?}");
        let r = wilson(0.0, 10);
        assert!(r.lo == 0.0 && (r.hi - 0.2775).abs() < 0.001, "{r:?}");
        let r = wilson(0.0, 0);
        assert_eq!((r.p, r.lo, r.hi), (0.5, 0.0, 1.0));
    }
}
