//! `tessera komi GAME --size N --exact`: the fair komi of the smallest boards proved by solving
//! the game from the empty board with the puzzle solver's margin search
//! ([`crate::lab::komi::exact::margin_of`]; Linage up to 8×8 with the region-sum search,
//! [`crate::lab::komi::exact::linage_sum`], which reaches further).
//!
//! The search gives the margin M (first side minus second, half points) under best play at
//! komi 0; with komi k the first side wins iff M > 2k and draws iff M = 2k. In Keil the button
//! depends on the komi (`auto`: on for a whole komi), so the board is solved twice, with the
//! button on (whole komi) and off (`.5` komi). The table's fair komi is the agreed komi just
//! above M/2 on the game's grid (Carteso and Linage `n + 0.5`, Keil whole with the button): the
//! second side then wins by the smallest amount with perfect play.

use super::fit::fair_half;
use super::table::NewEntry;
use crate::games::{format_komi, AnyGame, ButtonMode, GameKind, GameOptions, Protocol};
use std::time::Instant;

/// One solved board.
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    /// The margin at komi 0 (half points, first side minus second).
    pub margin: i32,
    /// Positions visited.
    pub nodes: u64,
    /// Seconds taken.
    pub secs: f64,
    /// The search that solved it, for the method line.
    pub search: &'static str,
}

/// Solves the empty `kind` board of `size`: its margin at komi 0 (Keil: with the button
/// `button`). `guess` (half points, at komi 0) only speeds the search up: twice the fair komi
/// of the self-play table is a good one.
pub fn solve(
    kind: GameKind,
    size: usize,
    button: ButtonMode,
    mb: usize,
    limit: u64,
    guess: i32,
) -> anyhow::Result<Solved> {
    // Searched at komi 0.5 and moved back to komi 0 (komi never changes what is legal with
    // the button fixed): the empty board at komi 0 hashes to 0, which the solver's table takes
    // for a stored entry (its empty slots have key 0) and answers 0 at once.
    const SEARCH_KOMI_HALF: u16 = 1;
    if kind
        .spec()
        .region_sum_max_size
        .is_some_and(|max| size <= max)
    {
        // Linage decomposes into its free regions: the region-sum search reaches further.
        let t0 = Instant::now();
        let (margin, nodes) =
            crate::lab::komi::exact::linage_sum::solve_empty(size, mb, limit, guess, true)
                .map_err(|_| over_limit(kind, size, limit))?;
        return Ok(Solved {
            margin,
            nodes,
            secs: t0.elapsed().as_secs_f64(),
            search: "region-sum search (puzzle::linage_sum)",
        });
    }
    let options = GameOptions {
        size,
        protocol: Protocol::Agreed,
        komi_half: SEARCH_KOMI_HALF,
        button,
    };
    let game = AnyGame::new(kind, &options).map_err(anyhow::Error::msg)?;
    let t0 = Instant::now();
    let (margin_at_search_komi, nodes) =
        crate::lab::komi::exact::margin_of(&game, mb, limit, guess - SEARCH_KOMI_HALF as i32, true)
            .map_err(|_| over_limit(kind, size, limit))?
            .ok_or_else(|| anyhow::anyhow!("{kind} has no points to solve for"))?;
    Ok(Solved {
        margin: margin_at_search_komi + SEARCH_KOMI_HALF as i32,
        nodes,
        secs: t0.elapsed().as_secs_f64(),
        search: "margin search (puzzle::exact)",
    })
}

/// The error of a search that visited `limit` positions without an answer.
fn over_limit(kind: GameKind, size: usize, limit: u64) -> anyhow::Error {
    anyhow::anyhow!("{kind} {size}: not solved within {limit} positions (raise --exact-limit)")
}

/// Which komi values the first side wins at, for people.
pub fn verdict(margin: i32) -> String {
    let m = margin as f64 / 2.0;
    if margin < 0 {
        format!("the second side wins at every komi (margin {m} at komi 0)")
    } else if margin == 0 {
        "a draw at komi 0; the second side wins at every higher komi".to_string()
    } else {
        format!("the first side wins below komi {m}, draws at {m}, loses above")
    }
}

/// The table entry of a solved board.
pub fn entry(kind: GameKind, solved: &Solved, off: Option<&Solved>) -> NewEntry {
    let at = solved.margin as f64 / 2.0;
    // The grid komi nearest M/2, the higher at a tie.
    let fair = fair_half(kind, at + 0.25);
    let mut method = format!(
        "exact: MTD(f) {} from the empty board at komi 0, \
         margin {} points{} ({} positions, {:.1} s); {}",
        solved.search,
        at,
        if kind.spec().button {
            " with the button on"
        } else {
            ""
        },
        solved.nodes,
        solved.secs,
        verdict(solved.margin)
    );
    if let Some(o) = off {
        method.push_str(&format!(
            "; button off: margin {} points ({} positions, {:.1} s): {}",
            o.margin as f64 / 2.0,
            o.nodes,
            o.secs,
            verdict(o.margin)
        ));
    }
    NewEntry {
        fair: fair as f64 / 2.0,
        crossing: Some(at),
        low: Some(at),
        high: Some(at),
        exact: true,
        method,
        ..NewEntry::default()
    }
}

/// Solves and prints; returns the entry to write. `guess`: see [`solve`].
pub fn run(
    kind: GameKind,
    size: usize,
    mb: usize,
    limit: u64,
    guess: i32,
) -> anyhow::Result<NewEntry> {
    let button = if kind.spec().button {
        ButtonMode::On
    } else {
        ButtonMode::Auto
    };
    let solved = solve(kind, size, button, mb, limit, guess)?;
    println!(
        "{kind} size {size}{}: margin {} points at komi 0 ({} positions, {:.1} s): {}",
        if kind.spec().button {
            ", button on"
        } else {
            ""
        },
        solved.margin as f64 / 2.0,
        solved.nodes,
        solved.secs,
        verdict(solved.margin)
    );
    let off = if kind.spec().button {
        let o = solve(kind, size, ButtonMode::Off, mb, limit, guess)?;
        println!(
            "{kind} size {size}, button off: margin {} points ({} positions, {:.1} s): {}",
            o.margin as f64 / 2.0,
            o.nodes,
            o.secs,
            verdict(o.margin)
        );
        Some(o)
    } else {
        None
    };
    let e = entry(kind, &solved, off.as_ref());
    println!(
        "{kind} size {size}: fair agreed komi {} (exact)",
        format_komi((e.fair * 2.0) as u16)
    );
    Ok(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_and_entries() {
        assert!(verdict(6).contains("draws at 3"));
        assert!(verdict(7).contains("below komi 3.5, draws at 3.5"));
        assert!(verdict(-2).contains("second side wins"));
        assert!(verdict(0).starts_with("a draw at komi 0;"));
        let s = Solved {
            margin: 6,
            nodes: 10,
            secs: 0.5,
            search: "margin search (puzzle::exact)",
        };
        // M/2 = 3: a draw at 3, so Linage's fair komi is 3.5.
        let e = entry(GameKind::Linage, &s, None);
        assert_eq!((e.fair, e.exact, e.crossing), (3.5, true, Some(3.0)));
        // Keil with the button: margin 4.5 → whole komi 5 (the second side wins by 0.5).
        let k = Solved { margin: 9, ..s };
        assert_eq!(entry(GameKind::Keil, &k, Some(&s)).fair, 5.0);
        let k = Solved { margin: 7, ..s };
        assert_eq!(entry(GameKind::Keil, &k, None).fair, 4.0);
        // Linage margin 3.5: komi 3.5 draws, and is the fair one.
        let l = Solved { margin: 7, ..s };
        assert_eq!(entry(GameKind::Linage, &l, None).fair, 3.5);
    }

    #[test]
    fn a_late_enough_board_is_solved() {
        // Linage 5x5 from the empty board is the smallest real case; here only the plumbing:
        // a tiny limit aborts with a clear message.
        let err = solve(GameKind::Linage, 5, ButtonMode::Auto, 1, 10, 0).unwrap_err();
        assert!(err.to_string().contains("--exact-limit"), "{err}");
        // The board search (Carteso) says the same.
        let err = solve(GameKind::Carteso, 5, ButtonMode::Auto, 1, 10, 1).unwrap_err();
        assert!(err.to_string().contains("--exact-limit"), "{err}");
        assert!(solve(GameKind::Iris, 3, ButtonMode::Auto, 1, 10, 0).is_err());
    }
}
