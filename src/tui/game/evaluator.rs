//! What values the positions the AI searches, as the New game form (beside the level) and the
//! AI panel name it: "network" where the level plays the network made for the game's board,
//! else "playouts" ([`crate::search::plug_for`]). Levels 1–8 play playouts; levels 9 and 10
//! play the network where one fits the board (today each game's default board). Hints,
//! analysis and reviews search at level 10, whatever the opponent's level, so the panel names
//! level 10's evaluator beside the opponent's when they differ.
//!
//! Why say it: a level-10 game on a board without a network plays a different, weaker AI
//! than on the default board, and nothing else on screen tells the two apart.

use super::analysis::ANALYSIS_LEVEL;
use super::controller::Controller;
use super::play::Play;
use crate::games::AnyGame;

/// The evaluator level `level` (1–10) plays `game`'s board with: `network` or `playouts`.
pub fn evaluator(level: u8, game: &AnyGame) -> &'static str {
    // Every level is a tree search; the fallback names the rest.
    crate::search::plug_for(&crate::search::levels::spec(level), game)
        .map_or("search", |p| p.name())
}

/// What the AI panel says of the evaluators of a game played here (none on a server, whose
/// AI is the server's): the opponent's and level 10's in one part when they are the same,
/// else in two (`AI: playouts`, `hints: network`). Level 10 answers hints while a person plays
/// the AI, else only analysis and reviews.
pub fn panel_parts(play: &Play) -> Vec<String> {
    if play.online().is_some() {
        return Vec::new();
    }
    let game = play.game();
    let strong = evaluator(ANALYSIS_LEVEL, game);
    let players = play.players();
    let mut ai: Vec<&str> = players
        .iter()
        .filter_map(|p| match *p {
            Controller::Ai { level } => Some(evaluator(level, game)),
            Controller::Human => None,
        })
        .collect();
    ai.dedup();
    let person = players.iter().any(|p| !p.is_ai());
    let level_10 = if person && !ai.is_empty() && !play.finished() && !play.is_read_only() {
        "hints"
    } else {
        "analysis"
    };
    match ai.as_slice() {
        [] => vec![format!("{level_10}: {strong}")],
        [one] if *one == strong => vec![format!("AI, {level_10}: {strong}")],
        _ => vec![
            format!("AI: {}", ai.join("/")),
            format!("{level_10}: {strong}"),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{GameKind, GameOptions};

    fn game(kind: GameKind, size: usize) -> AnyGame {
        let options = GameOptions {
            size,
            ..GameOptions::defaults(kind)
        };
        AnyGame::new(kind, &options).unwrap()
    }

    #[test]
    fn levels_9_and_10_play_the_network_on_the_default_board_only() {
        for kind in GameKind::ALL {
            let default = game(kind, GameOptions::defaults(kind).size);
            let other = game(kind, GameOptions::defaults(kind).size - 2);
            for level in 1..=8 {
                assert_eq!(
                    evaluator(level, &default),
                    "playouts",
                    "{kind} level {level}"
                );
            }
            for level in [9, 10] {
                assert_eq!(
                    evaluator(level, &default),
                    "network",
                    "{kind} level {level}"
                );
                assert_eq!(evaluator(level, &other), "playouts", "{kind} level {level}");
            }
        }
    }
}
