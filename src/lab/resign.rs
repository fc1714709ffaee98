//! Resignation in self-play: a game is decided once both players' own estimates have agreed
//! for long enough that playing on would not change the result. `tessera komi --resign` ends
//! its games there (large boards' games cost minutes each, and on Keil most of a game's
//! thinking comes after the winner is clear); without it the games are played out and
//! [`crate::lab::stats::foresight`] reports where a rule would have ended them, right or wrong.

use super::match_cmd::TurnEval;

/// A resignation rule: the game goes to a seat once the estimate of every one of the last
/// `turns` searched turns (both players' turns) gave that seat at least `threshold`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ResignRule {
    /// The winning chance that counts as decided, 0.5–1.
    pub threshold: f64,
    /// Searched turns in a row that must agree.
    pub turns: usize,
}

/// The rule `tessera komi --resign` plays by: 95 % over the last 4 searched turns. Over the
/// played-out strong games of stop 40 (Keil side 7, Carteso and Linage 13x13: 65 games) it
/// was never wrong.
pub const RESIGN: ResignRule = ResignRule {
    threshold: 0.95,
    turns: 4,
};

impl std::fmt::Display for ResignRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:.0} % x{}", 100.0 * self.threshold, self.turns)
    }
}

/// Where a rule ends (or would have ended) a game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Adjudication {
    /// Searched turns played when the rule ends the game.
    pub after: usize,
    /// The seat it gives the game to: 0 made the first turn.
    pub winner: u8,
    /// The thinking time of the turns after that point, milliseconds.
    pub ms_after: u64,
}

/// Where `rule` ends a game whose searched turns are `evals`; `None` when it never fires.
pub fn adjudicate(evals: &[TurnEval], rule: ResignRule) -> Option<Adjudication> {
    let mut run: Option<(u8, usize)> = None; // (seat ahead, turns in a row)
    for (i, e) in evals.iter().enumerate() {
        let ahead = if e.first_win_rate >= rule.threshold {
            Some(0)
        } else if e.first_win_rate <= 1.0 - rule.threshold {
            Some(1)
        } else {
            None
        };
        run = match (ahead, run) {
            (Some(s), Some((r, n))) if s == r => Some((s, n + 1)),
            (Some(s), _) => Some((s, 1)),
            (None, _) => None,
        };
        if let Some((winner, n)) = run {
            if n >= rule.turns.max(1) {
                return Some(Adjudication {
                    after: i + 1,
                    winner,
                    ms_after: evals[i + 1..].iter().map(|e| e.ms).sum(),
                });
            }
        }
    }
    None
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Made-up turns with these estimates of the first seat's chance, seats alternating.
    pub(crate) fn evals(rates: &[f64]) -> Vec<TurnEval> {
        rates
            .iter()
            .enumerate()
            .map(|(i, &r)| TurnEval {
                seat: (i % 2) as u8,
                first_win_rate: r,
                ms: 10 * (i as u64 + 1),
            })
            .collect()
    }

    #[test]
    fn a_rule_fires_after_enough_agreeing_turns() {
        let rule = ResignRule {
            threshold: 0.9,
            turns: 3,
        };
        // Ahead for the first seat twice, a doubt, then three in a row.
        let e = evals(&[0.5, 0.95, 0.92, 0.8, 0.91, 0.97, 0.99, 0.99, 0.99]);
        let a = adjudicate(&e, rule).unwrap();
        assert_eq!(a.after, 7);
        assert_eq!(a.winner, 0);
        assert_eq!(a.ms_after, 80 + 90);
        // The second seat: estimates of the first's chance at or below 1 − threshold.
        let e = evals(&[0.5, 0.08, 0.05, 0.02]);
        let a = adjudicate(&e, rule).unwrap();
        assert_eq!((a.after, a.winner, a.ms_after), (4, 1, 0));
        // A switch of sides restarts the run.
        let e = evals(&[0.95, 0.95, 0.05, 0.05, 0.95]);
        assert_eq!(adjudicate(&e, rule), None);
        assert_eq!(RESIGN.to_string(), "95 % x4");
    }

    #[test]
    fn a_resigned_game_ends_where_the_rule_fires() {
        use crate::games::{Game, GameKind, Side};
        use crate::lab::match_cmd::{match_options, play_game};
        let options = match_options(GameKind::Linage, None, Some(5)).unwrap();
        let spec: crate::search::PlayerSpec = "mcts:iters=300,seed=5,threads=1".parse().unwrap();
        let rule = ResignRule {
            threshold: 0.8,
            turns: 2,
        };
        let full = play_game(GameKind::Linage, &options, (&spec, &spec), 0, None).unwrap();
        let again = play_game(GameKind::Linage, &options, (&spec, &spec), 0, None).unwrap();
        let rates = |r: &crate::lab::match_cmd::GameResult| {
            r.evals.iter().map(|e| e.first_win_rate).collect::<Vec<_>>()
        };
        // A seeded player on one thread plays the same game every time: the premise below.
        assert_eq!(rates(&full), rates(&again));
        let fired = adjudicate(&full.evals, rule).expect("the rule fires in this game");
        assert!(fired.after < full.evals.len(), "fires before the end");
        let r = play_game(GameKind::Linage, &options, (&spec, &spec), 0, Some(rule)).unwrap();
        // Seeded players play the same game up to the point where the rule ends it.
        assert!(r.resigned == Some(rule) && !r.session().game().is_over());
        assert_eq!(r.evals.len(), fired.after);
        assert_eq!(r.first_won, Some(fired.winner == 0));
        assert_eq!(r.a_won, r.first_won);
        // Linage has no swap: the first seat plays the first side.
        assert!(!r.session().game().swapped());
        let side = if fired.winner == 0 {
            Side::First
        } else {
            Side::Second
        };
        assert_eq!(
            r.result(),
            format!("{}+R", GameKind::Linage.side_letter(side))
        );
        let line = crate::lab::stats::foresight::ForesightTally::default().add(&r);
        assert!(
            line.ends_with(&format!(
                "resigned at 80 % x2 after {} searched turns",
                fired.after
            )),
            "{line}"
        );
    }
}
