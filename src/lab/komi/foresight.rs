//! How early a self-play game's result could be foreseen from the players' own estimates
//! ([`crate::lab::play::TurnEval`]): the data a resignation rule for strong self-play
//! needs. A large board's komi games cost minutes each (Keil side 7 five to twelve on one core
//! at level 8's simulations); if the players agree on the winner long before the end,
//! adjudicating there makes its sweep cheaper, but only a rule that is (almost) never wrong may
//! decide a komi game. `tessera komi` prints, for every played-out game, where the rules below
//! would have ended it and whether they were right, and a summary over the run; with
//! `--resign` the games end at the first rule ([`RESIGN`]) and are reported as resigned, not
//! checked.

use crate::lab::play::{adjudicate, GameResult, ResignRule, RESIGN};

/// The rules the summary reports, the one printed per game (and `--resign`'s) first.
pub const RULES: [ResignRule; 3] = [
    RESIGN,
    ResignRule {
        threshold: 0.90,
        turns: 4,
    },
    ResignRule {
        threshold: 0.98,
        turns: 4,
    },
];

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
pub struct ForesightTally {
    /// Played-out games counted.
    pub games: usize,
    /// Games ended by resignation (`--resign`): the rules cannot be checked on them.
    pub resigned: usize,
    /// Their thinking time, milliseconds.
    pub ms: u64,
    /// Per rule of [`RULES`], in that order.
    pub rules: [RuleCount; RULES.len()],
}

impl ForesightTally {
    /// Counts game `r` and returns its line: where the first rule would have ended it.
    pub fn add(&mut self, r: &GameResult) -> String {
        if let Some(rule) = r.resigned {
            self.resigned += 1;
            return format!(
                "game {}: {} in {} turns; resigned at {rule} after {} searched turns",
                r.index + 1,
                r.result(),
                r.turns,
                r.evals.len()
            );
        }
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
            "game {}: {} in {} turns; resign at {rule}:",
            r.index + 1,
            r.result(),
            r.turns
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

    /// The summary lines: the games resigned, then per rule (when games were played out) the
    /// games it would have ended, wrongly, and the time saved.
    pub fn summary(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if self.resigned > 0 {
            lines.push(format!(
                "{} games ended by resignation at {RESIGN} (--resign); only played-out games \
                 check the rules",
                self.resigned
            ));
        }
        if self.games == 0 {
            return lines;
        }
        for (rule, c) in RULES.iter().zip(&self.rules) {
            lines.push(format!(
                "resign at {rule}: would have ended {} of {} games early, {} wrongly, saving \
                 {:.0} % of the thinking time",
                c.fired,
                self.games,
                c.wrong,
                100.0 * c.ms_saved as f64 / self.ms.max(1) as f64
            ));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tallies_count_wrong_and_saved() {
        let options =
            crate::lab::play::match_options(crate::games::GameKind::Linage, None, Some(5)).unwrap();
        let spec: crate::search::PlayerSpec = "mcts:iters=300,seed=5".parse().unwrap();
        let mut r = crate::lab::play::play_game(
            crate::games::GameKind::Linage,
            &options,
            (&spec, &spec),
            0,
            None,
        )
        .unwrap();
        assert_eq!(r.resigned, None);
        assert!(!r.evals.is_empty());
        assert_eq!(r.evals[0].seat, 0);
        assert!(r
            .evals
            .iter()
            .all(|e| (0.0..=1.0).contains(&e.first_win_rate)));
        // At the end the players know the result: the last estimate favours the winner (this
        // checks the turn of the mover's estimate into the first seat's).
        let last = r.evals.last().unwrap().first_win_rate;
        assert_eq!(r.first_won, Some(last > 0.5), "{last} {}", r.result());
        // Made-up estimates: sure of the first seat from the start.
        r.first_won = Some(false);
        let n = r.evals.len();
        r.evals = crate::lab::play::tests::evals(&vec![0.99; n.max(5)]);
        let mut t = ForesightTally::default();
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
