//! Ground truth for Wunchunk scoring: positions recorded from another program
//! (`../shared/testdata/wunchunk.jsonl`), each with both colours' chunk counts and group sizes,
//! the score arrays cut after the first entry that separates the players, and the winner.

#[path = "common/testdata.rs"]
mod common_testdata;
use common_testdata::testdata;
use serde_json::Value;
use tessera::games::wunchunk::Wunchunk;
use tessera::games::{Outcome, Side};

fn numbers(v: &Value) -> Vec<u32> {
    v.as_array()
        .expect("array")
        .iter()
        .map(|x| x.as_u64().expect("number") as u32)
        .collect()
}

#[test]
fn recorded_positions_score_as_recorded() {
    let Some(path) = testdata("wunchunk.jsonl") else {
        return;
    };
    let text = std::fs::read_to_string(&path).unwrap();
    let mut checked = 0;
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let rec: Value = serde_json::from_str(line).unwrap();
        let at = format!("line {} (seed {})", i + 1, rec["seed"]);
        assert_eq!(rec["game"], "wunchunk", "{at}");
        let side = rec["side"].as_u64().unwrap() as usize;
        let stones: Vec<&str> = rec["stones"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect();
        let g = Wunchunk::setup_from_names(side, &stones, Side::First)
            .unwrap_or_else(|e| panic!("{at}: {e}"));
        for (key, colour) in [("B", Side::First), ("W", Side::Second)] {
            let want = &rec[key];
            assert_eq!(
                g.chunks(colour),
                want["chunks"].as_u64().unwrap() as u32,
                "{at}: {key} chunks"
            );
            let mut sizes = numbers(&want["group_sizes"]);
            sizes.sort_unstable();
            assert_eq!(g.group_sizes(colour), sizes, "{at}: {key} group sizes");
            let prefix = numbers(&rec["score_arrays"][key]);
            let mine = g.score_array(colour);
            let mine_prefix: Vec<u32> = (0..prefix.len())
                .map(|j| mine.get(j).copied().unwrap_or(0))
                .collect();
            assert_eq!(mine_prefix, prefix, "{at}: {key} score array prefix");
        }
        let winner = match g.standing() {
            Outcome::Win(Side::First) => "B",
            Outcome::Win(Side::Second) => "W",
            Outcome::Draw => "draw",
        };
        assert_eq!(winner, rec["winner"], "{at}: winner");
        checked += 1;
    }
    assert!(checked > 0, "no positions in {}", path.display());
    println!("{checked} recorded Wunchunk positions agree");
}
