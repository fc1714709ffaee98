//! A logistic fit of the first player's score against komi, for `tessera komi`.
//!
//! Why: the per-komi Wilson intervals need 15 wins of 20 at one komi before they bound the
//! crossing at all, so a sweep of five values × 20 games usually leaves both sides open. The
//! model P(first player wins at komi k) = σ(a + β·k) uses every game of the sweep at once; the
//! crossing is the komi where it gives 50 % (k₀ = −a/β), and its 95 % interval is Fieller's
//! interval for that ratio, from the fit's covariance. Draws count half a win (quasi-binomial).
//! The slope's z value (β over its standard error, [`slope_z`]) says whether komi matters at
//! all; `tessera komi` moves a default only when it does ([`super::fit::judge`]).

/// One komi value's results: the komi (points), the first player's points (wins, draws half)
/// and the games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Obs {
    /// Komi in points.
    pub komi: f64,
    /// The first player's points: wins + draws / 2.
    pub points: f64,
    /// Games played at this komi.
    pub games: f64,
}

/// The fitted model and its crossing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    /// Intercept `a` of σ(a + β·k).
    pub a: f64,
    /// Slope `β` (negative when more komi hurts the first player, as it must).
    pub beta: f64,
    /// Where the fitted rate is 50 %: −a/β.
    pub crossing: f64,
    /// Lower end of the 95 % (Fieller) interval of the crossing; `None` when unbounded.
    pub low: Option<f64>,
    /// Upper end of the 95 % interval; `None` when unbounded.
    pub high: Option<f64>,
    /// The slope's z value, β / its standard error.
    pub z: f64,
}

/// The maximum-likelihood estimate with its covariance, whatever the slope's sign.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Mle {
    a: f64,
    beta: f64,
    /// Covariance (inverse information): Var a, Cov(a, β), Var β.
    vaa: f64,
    vab: f64,
    vbb: f64,
}

const Z: f64 = 1.959_964;

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The slope's z value (β / its standard error, from the fit's covariance), whatever its sign:
/// the test of whether komi matters at all. `None` where [`fit`] has no maximum (fewer than
/// two komi values, perfect separation).
pub fn slope_z(obs: &[Obs]) -> Option<f64> {
    mle(obs).map(|m| m.beta / m.vbb.sqrt())
}

/// Maximum-likelihood fit by Newton's method. `None` when the data have no decreasing trend
/// (slope ≥ 0), when they separate perfectly (the slope runs off to infinity: the isotonic
/// crossing is the better answer then), or with fewer than two komi values.
pub fn fit(obs: &[Obs]) -> Option<Fit> {
    let Mle {
        a,
        beta,
        vaa,
        vab,
        vbb,
    } = mle(obs).filter(|m| m.beta < 0.0)?;
    let crossing = -a / beta;
    // Fieller: the k with (a + βk)² ≤ z²·(Vaa + 2k·Vab + k²·Vbb).
    let z2 = Z * Z;
    let qa = beta * beta - z2 * vbb;
    let qb = a * beta - z2 * vab;
    let qc = a * a - z2 * vaa;
    let disc = qb * qb - qa * qc;
    let (low, high) = if qa > 0.0 && disc >= 0.0 {
        let s = disc.sqrt();
        (Some((-qb - s) / qa), Some((-qb + s) / qa))
    } else {
        // The slope is not significant: the interval is unbounded.
        (None, None)
    };
    Some(Fit {
        a,
        beta,
        crossing,
        low,
        high,
        z: beta / vbb.sqrt(),
    })
}

/// Newton's method for the maximum likelihood; `None` when it has none (see [`fit`]).
fn mle(obs: &[Obs]) -> Option<Mle> {
    if obs.iter().filter(|o| o.games > 0.0).count() < 2 {
        return None;
    }
    let (mut a, mut beta) = (0.0_f64, 0.0_f64);
    let mut info = [[0.0; 2]; 2];
    let mut converged = false;
    for _ in 0..100 {
        let (mut g0, mut g1) = (0.0, 0.0);
        info = [[0.0; 2]; 2];
        for o in obs {
            let p = sigmoid(a + beta * o.komi);
            let r = o.points - o.games * p;
            g0 += r;
            g1 += r * o.komi;
            let w = o.games * p * (1.0 - p);
            info[0][0] += w;
            info[0][1] += w * o.komi;
            info[1][1] += w * o.komi * o.komi;
        }
        info[1][0] = info[0][1];
        let det = info[0][0] * info[1][1] - info[0][1] * info[1][0];
        if det.abs() < 1e-12 {
            return None;
        }
        let da = (info[1][1] * g0 - info[0][1] * g1) / det;
        let db = (info[0][0] * g1 - info[1][0] * g0) / det;
        a += da;
        beta += db;
        if !(a.is_finite() && beta.is_finite()) || beta.abs() > 50.0 {
            return None;
        }
        if da.abs() < 1e-10 && db.abs() < 1e-10 {
            converged = true;
            break;
        }
    }
    if !converged {
        return None;
    }
    // Covariance = inverse information at the optimum.
    let det = info[0][0] * info[1][1] - info[0][1] * info[1][0];
    Some(Mle {
        a,
        beta,
        vaa: info[1][1] / det,
        vab: -info[0][1] / det,
        vbb: info[0][0] / det,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obs(k: f64, points: f64, games: f64) -> Obs {
        Obs {
            komi: k,
            points,
            games,
        }
    }

    #[test]
    fn symmetric_data_cross_in_the_middle() {
        let data = [
            obs(1.0, 18.0, 20.0),
            obs(2.0, 14.0, 20.0),
            obs(3.0, 6.0, 20.0),
            obs(4.0, 2.0, 20.0),
        ];
        let f = fit(&data).unwrap();
        assert!((f.crossing - 2.5).abs() < 1e-9, "{f:?}");
        assert!(f.beta < 0.0);
        let (lo, hi) = (f.low.unwrap(), f.high.unwrap());
        assert!(lo < 2.5 && hi > 2.5, "{f:?}");
        assert!((2.5 - lo - (hi - 2.5)).abs() < 1e-6, "symmetric: {f:?}");
        // The fit reproduces the data's likelihood equations: expected wins = observed.
        let expected: f64 = data
            .iter()
            .map(|o| o.games * sigmoid(f.a + f.beta * o.komi))
            .sum();
        assert!((expected - 40.0).abs() < 1e-6);
    }

    #[test]
    fn more_games_narrow_the_interval() {
        let small = fit(&[obs(0.0, 14.0, 20.0), obs(2.0, 6.0, 20.0)]).unwrap();
        let big = fit(&[obs(0.0, 140.0, 200.0), obs(2.0, 60.0, 200.0)]).unwrap();
        assert!((small.crossing - 1.0).abs() < 1e-9 && (big.crossing - 1.0).abs() < 1e-9);
        let width = |f: &Fit| f.high.unwrap() - f.low.unwrap();
        assert!(width(&big) < width(&small) / 2.0, "{small:?} {big:?}");
    }

    #[test]
    fn no_trend_separation_and_too_little_data_give_none() {
        // Rising with komi: no crossing a komi can fix.
        assert_eq!(fit(&[obs(0.0, 5.0, 20.0), obs(2.0, 15.0, 20.0)]), None);
        // Perfect separation: the slope runs off.
        assert_eq!(fit(&[obs(0.0, 20.0, 20.0), obs(2.0, 0.0, 20.0)]), None);
        assert_eq!(fit(&[obs(0.0, 5.0, 20.0)]), None);
    }

    #[test]
    fn a_weak_trend_leaves_the_interval_open() {
        let f = fit(&[obs(0.0, 11.0, 20.0), obs(4.0, 9.0, 20.0)]).unwrap();
        assert!((f.crossing - 2.0).abs() < 1e-9);
        assert_eq!((f.low, f.high), (None, None), "{f:?}");
        assert!(f.z > -1.0 && f.z < 0.0, "{f:?}");
    }

    #[test]
    fn the_slope_z_is_beta_over_its_standard_error() {
        // Two values: β = logit(0.3) − logit(0.7) over 2 points, SE² = Σ 1/(n p (1−p)) / 2².
        let data = [obs(0.0, 14.0, 20.0), obs(2.0, 6.0, 20.0)];
        let f = fit(&data).unwrap();
        let logit = |p: f64| (p / (1.0 - p)).ln();
        let beta = (logit(0.3) - logit(0.7)) / 2.0;
        let se = (2.0_f64 / (20.0 * 0.21)).sqrt() / 2.0;
        assert!(
            (f.beta - beta).abs() < 1e-9 && (f.z - beta / se).abs() < 1e-9,
            "{f:?}"
        );
        assert_eq!(slope_z(&data), Some(f.z));
        // A rising trend has no fit but a positive z.
        assert!(slope_z(&[obs(0.0, 5.0, 20.0), obs(2.0, 15.0, 20.0)]).unwrap() > 1.645);
        assert_eq!(slope_z(&[obs(0.0, 20.0, 20.0), obs(2.0, 0.0, 20.0)]), None);
    }
}
