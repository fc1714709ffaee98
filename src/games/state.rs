//! The common part of the `tessera-state` JSON object (SPEC §5); each game adds its own keys.

use super::{Game, Outcome};
use serde_json::{json, Map, Value};

/// `game`, `size`, `to_move`, `turn`, `over`, `winner` and `board` for any game.
pub fn base<G: Game>(game: &G) -> Map<String, Value> {
    let kind = game.kind();
    let geo = game.geometry();
    let mut board = Map::new();
    for c in geo.all_cells() {
        if let Some(s) = game.stone_at(c) {
            board.insert(geo.name(c), Value::String(s.letter().to_string()));
        }
    }
    let winner = match game.outcome() {
        None => Value::Null,
        Some(Outcome::Draw) => json!("draw"),
        Some(Outcome::Win(s)) => json!(kind.side_name(s)),
    };
    let mut m = Map::new();
    m.insert("game".into(), json!(kind.name()));
    m.insert("size".into(), json!(geo.size()));
    m.insert("to_move".into(), json!(kind.side_name(game.to_move())));
    m.insert("turn".into(), json!(game.turns_completed()));
    m.insert("over".into(), json!(game.is_over()));
    m.insert("winner".into(), winner);
    m.insert("board".into(), Value::Object(board));
    m
}

/// A side → number object (`{"black": 12, "white": 18.5}`), numbers written as integers when
/// whole so that `6` and `6.0` never differ in text.
pub fn per_side<G: Game>(game: &G, values: [f64; 2]) -> Value {
    let kind = game.kind();
    let mut m = Map::new();
    for (i, v) in values.into_iter().enumerate() {
        m.insert(kind.side_name(super::Side::from_index(i)).into(), number(v));
    }
    Value::Object(m)
}

/// A JSON number: integer when whole, else float.
pub fn number(v: f64) -> Value {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        json!(v as i64)
    } else {
        json!(v)
    }
}
