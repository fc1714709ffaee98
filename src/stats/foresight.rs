//! How early a self-play game's result could be foreseen from the players' own estimates
//! ([`TurnEval`]): the data a resignation rule for strong self-play needs. A large board's
//! komi games cost minutes each (Keil side 7 five to twelve on one core at level 8's
//! simulations); if the players agree on the winner long before the end, adjudicating there
//! would make its sweep cheaper, but only a rule that is (almost) never wrong may decide a
//! komi game. `tessera komi` prints, for every game, where the rules below would have ended it
//! and whether they were right, and a summary over the run; the games themselves are always
//! played out, so nothing in the table depends on these rules.

use crate::search::match_cmd::{GameResult, TurnEval};

/// A resignation rule: the game goes to a seat once the estimate of every one of the last
/// `turns` searched turns (both players' turns) gave that seat at least `threshold`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rule {
    /// The winning chance that counts as decided, 0.5–1.
    pub threshold: f64,
    /// Searched turns in a row that must agree.
    pub turns: usize,
}

/// The rules the summary reports, the one printed per game first.
pub const RULES: [Rule; 3] = [
    Rule {
        threshold: 0.95,
        turns: 4,
    },
    Rule {
        threshold: 0.90,
        turns: 4,
    },
    Rule {
        threshold: 0.98,
        turns: 4,
    },
];

/// Where a rule would have ended a game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Adjudication {
    /// Searched turns played when the rule would have ended the game.
    pub after: usize,
    /// The seat it gives the game to: 0 made the first turn.
    pub winner: u8,
    /// The thinking time of the turns after that point, milliseconds.
    pub ms_after: u64,
}

/// Where `rule` would have ended a game whose searched turns are `evals`; `None` when it never
/// fires.
pub fn adjudicate(evals: &[TurnEval], rule: Rule) -> Option<Adjudication> {
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

/// Counts over a run for one rule.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RuleCount {
    /// Games the rule would have ended early.
    pub fired: usize,
    /// Of those, games it would have given to the wrong seat (a draw counts as wrong).
    pub wrong: usize,
    /// Thinking time it would have saved, milliseconds.
    pub ms_saved: u64,
}

/// The foresight of a run's games, game by game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Games counted.
    pub games: usize,
    /// Their thinking time, milliseconds.
    pub ms: u64,
    /// Per rule of [`RULES`], in that order.
    pub rules: [RuleCount; RULES.len()],
}

impl Tally {
    /// Counts game `r` and returns its line: where the first rule would have ended it.
    pub fn add(&mut self, r: &GameResult) -> String {
        let total: u64 = r.evals.iter().map(|e| e.ms).sum();
        self.games += 1;
        self.ms += total;
        let winner = r.first_won.map(|f| if f { 0 } else { 1 });
        let found = RULES.map(|rule| adjudicate(&r.evals, rule));
        for (count, a) in self.rules.iter_mut().zip(&found) {
            if let Some(a) = a {
                count.fired += 1;
                count.wrong += usize::from(winner != Some(a.winner));
                count.ms_saved += a.ms_after;
            }
        }
        let rule = RULES[0];
        let head = format!(
            "game {}: {} in {} turns; resign at {:.0} % x{}:",
            r.index + 1,
            r.result,
            r.turns,
            100.0 * rule.threshold,
            rule.turns
        );
        match found[0] {
            None => format!("{head} never"),
            Some(a) => format!(
                "{head} after {} searched turns, to the {} player ({}), {:.0} % of the \
                 thinking time after it",
                a.after,
                if a.winner == 0 { "first" } else { "second" },
                if winner == Some(a.winner) {
                    "right"
                } else {
                    "WRONG"
                },
                100.0 * a.ms_after as f64 / total.max(1) as f64
            ),
        }
    }

    /// The summary lines: per rule, games it would have ended, wrongly, and the time saved.
    pub fn summary(&self) -> Vec<String> {
        RULES
            .iter()
            .zip(&self.rules)
            .map(|(rule, c)| {
                format!(
                    "resign at {:.0} % x{}: would have ended {} of {} games early, {} wrongly, \
                     saving {:.0} % of the thinking time",
                    100.0 * rule.threshold,
                    rule.turns,
                    c.fired,
                    self.games,
                    c.wrong,
                    100.0 * c.ms_saved as f64 / self.ms.max(1) as f64
                )
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn evals(rates: &[f64]) -> Vec<TurnEval> {
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
        let rule = Rule {
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
    }

    #[test]
    fn tallies_count_wrong_and_saved() {
        let options =
            crate::search::match_cmd::match_options(crate::games::GameKind::Linage, None, Some(5))
                .unwrap();
        let spec: crate::search::PlayerSpec = "mcts:iters=300,seed=5".parse().unwrap();
        let mut r = crate::search::match_cmd::play_game(
            crate::games::GameKind::Linage,
            &options,
            &spec,
            &spec,
            0,
        )
        .unwrap();
        assert!(!r.evals.is_empty());
        assert_eq!(r.evals[0].seat, 0);
        assert!(r
            .evals
            .iter()
            .all(|e| (0.0..=1.0).contains(&e.first_win_rate)));
        // At the end the players know the result: the last estimate favours the winner (this
        // checks the turn of the mover's estimate into the first seat's).
        let last = r.evals.last().unwrap().first_win_rate;
        assert_eq!(r.first_won, Some(last > 0.5), "{last} {}", r.result);
        // Made-up estimates: sure of the first seat from the start.
        r.first_won = Some(false);
        let n = r.evals.len();
        r.evals = evals(&vec![0.99; n.max(5)]);
        let mut t = Tally::default();
        let line = t.add(&r);
        assert!(
            line.contains("after 4 searched turns, to the first player (WRONG)"),
            "{line}"
        );
        assert_eq!(t.rules[0].fired, 1);
        assert_eq!(t.rules[0].wrong, 1);
        assert!(t.summary()[0].contains("ended 1 of 1 games early, 1 wrongly"));
    }
}
