//! Writing one entry of the fair-komi table ([`crate::games::fair_komi`]) with `toml_edit`, so
//! the file's comments and the other entries stay as they are; saved atomically.

use super::fit::hundredths;
use crate::files::write_atomically;
use crate::games::fair_komi::Count;
use crate::games::GameKind;
use std::path::Path;
use toml_edit::{value, Array, DocumentMut, InlineTable, Item, Table, Value};

/// The values of a new or replaced entry.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NewEntry {
    /// The agreed komi the defaults should use.
    pub fair: f64,
    /// The estimated crossing.
    pub crossing: Option<f64>,
    /// Lower end of the 95 % interval.
    pub low: Option<f64>,
    /// Upper end of the 95 % interval.
    pub high: Option<f64>,
    /// Solved exactly.
    pub exact: bool,
    /// How it was found.
    pub method: String,
    /// The self-play games behind it, by komi (empty for an exact solution).
    pub counts: Vec<Count>,
    /// The player spec that played them.
    pub player: Option<String>,
    /// The logistic slope's z value.
    pub z: Option<f64>,
    /// Whether the games settle the fair komi (`None` for an exact solution).
    pub settled: Option<bool>,
}

/// Sets `[GAME.SIZE]` in the table text `text` (empty: a new file), leaving everything else.
pub fn set_entry(text: &str, kind: GameKind, size: usize, e: &NewEntry) -> anyhow::Result<String> {
    let mut doc: DocumentMut = text
        .parse()
        .map_err(|err| anyhow::anyhow!("the komi table is not valid TOML: {err}"))?;
    let game = doc
        .entry(kind.name())
        .or_insert_with(|| {
            let mut t = Table::new();
            t.set_implicit(true);
            Item::Table(t)
        })
        .as_table_mut()
        .ok_or_else(|| anyhow::anyhow!("`{}` in the komi table is not a table", kind.name()))?;
    let mut t = Table::new();
    t["fair"] = value(e.fair);
    if let Some(c) = e.crossing {
        t["crossing"] = value(hundredths(c));
    }
    if let Some(l) = e.low {
        t["low"] = value(hundredths(l));
    }
    if let Some(h) = e.high {
        t["high"] = value(hundredths(h));
    }
    if e.exact {
        t["exact"] = value(true);
    }
    if let Some(z) = e.z {
        t["z"] = value(hundredths(z));
    }
    if let Some(s) = e.settled {
        t["settled"] = value(s);
    }
    t["method"] = value(e.method.as_str());
    if let Some(p) = &e.player {
        t["player"] = value(p.as_str());
    }
    if !e.counts.is_empty() {
        t["counts"] = value(counts_array(&e.counts));
    }
    game.insert(&size.to_string(), Item::Table(t));
    game.sort_values_by(|k1, _, k2, _| size_key(k1).cmp(&size_key(k2)));
    // Tables print in position order: games as found, sizes in order, all after the file's
    // own header (its leading comment belongs to the `format` key at the top).
    let mut pos = 1;
    for (_, g) in doc.iter_mut() {
        if let Some(g) = g.as_table_mut() {
            for (_, t) in g.iter_mut() {
                if let Some(t) = t.as_table_mut() {
                    t.set_position(Some(pos));
                    pos += 1;
                }
            }
        }
    }
    let out = doc.to_string();
    crate::games::fair_komi::parse(&out).map_err(anyhow::Error::msg)?;
    Ok(out)
}

/// One inline table a line: `{ komi = 0.5, games = 20, points = 11.0 }`.
fn counts_array(counts: &[Count]) -> Array {
    let mut a = Array::new();
    for c in counts {
        let mut t = InlineTable::new();
        t.insert("komi", c.komi.into());
        t.insert("games", (c.games as i64).into());
        t.insert("points", c.points.into());
        if c.resigned > 0 {
            t.insert("resigned", (c.resigned as i64).into());
        }
        let mut v = Value::InlineTable(t);
        v.decor_mut().set_prefix("\n  ");
        a.push_formatted(v);
    }
    a.set_trailing_comma(true);
    a.set_trailing("\n");
    a
}

fn size_key(k: &toml_edit::Key) -> usize {
    k.get().parse().unwrap_or(usize::MAX)
}

/// Updates the table file at `path` (created when missing).
pub fn update(path: &Path, kind: GameKind, size: usize, e: &NewEntry) -> anyhow::Result<()> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(err) => anyhow::bail!("cannot read {}: {err}", path.display()),
    };
    let out = set_entry(&text, kind, size, e)?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    write_atomically(path, out.as_bytes())
        .map_err(|err| anyhow::anyhow!("cannot write {}: {err}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(fair: f64) -> NewEntry {
        NewEntry {
            fair,
            crossing: Some(2.345),
            low: Some(1.5),
            high: None,
            exact: false,
            method: "test".into(),
            ..NewEntry::default()
        }
    }

    #[test]
    fn counts_are_written_one_a_line_and_read_back() {
        let counts = vec![
            Count {
                komi: 0.5,
                games: 40,
                points: 22.5,
                resigned: 0,
            },
            Count {
                komi: 1.5,
                games: 20,
                points: 9.0,
                resigned: 7,
            },
        ];
        let e = NewEntry {
            counts: counts.clone(),
            player: Some("default:iters=3000,threads=1".into()),
            z: Some(-1.234),
            settled: Some(false),
            ..entry(0.5)
        };
        let out = set_entry("format = 1\n", GameKind::Linage, 7, &e).unwrap();
        assert!(
            out.contains("counts = [\n  { komi = 0.5, games = 40, points = 22.5 },\n"),
            "{out}"
        );
        assert!(
            out.contains("{ komi = 1.5, games = 20, points = 9.0, resigned = 7 },"),
            "{out}"
        );
        let t = crate::games::fair_komi::parse(&out).unwrap();
        let back = &t["linage"]["7"];
        assert_eq!(back.counts, counts);
        assert_eq!((back.z, back.settled), (Some(-1.23), Some(false)));
        assert_eq!(back.player.as_deref(), Some("default:iters=3000,threads=1"));
    }

    #[test]
    fn a_flat_slope_is_written_without_a_minus_sign() {
        let flat = NewEntry {
            z: Some(-0.0001),
            ..entry(5.0)
        };
        let text = set_entry("", GameKind::Keil, 4, &flat).unwrap();
        assert!(text.contains("z = 0.0\n"), "{text}");
    }

    #[test]
    fn entries_are_set_and_comments_kept() {
        let text =
            "# top comment\nformat = 1\n\n[linage.9]\nfair = 0.5 # kept?\nmethod = \"old\"\n";
        let out = set_entry(text, GameKind::Linage, 5, &entry(2.5)).unwrap();
        assert!(out.starts_with("# top comment"), "{out}");
        let t = crate::games::fair_komi::parse(&out).unwrap();
        let e = &t["linage"]["5"];
        assert_eq!(
            (e.fair, e.crossing, e.low, e.high),
            (2.5, Some(2.35), Some(1.5), None)
        );
        assert_eq!(t["linage"]["9"].method, "old");
        // Sizes in order, replaced in place.
        assert!(
            out.find("[linage.5]").unwrap() < out.find("[linage.9]").unwrap(),
            "{out}"
        );
        let again = set_entry(&out, GameKind::Linage, 5, &entry(3.5)).unwrap();
        let t = crate::games::fair_komi::parse(&again).unwrap();
        assert_eq!(t["linage"]["5"].fair, 3.5);
        assert_eq!(again.matches("[linage.5]").count(), 1);
        let keil = set_entry("", GameKind::Keil, 3, &entry(1.0)).unwrap();
        assert!(keil.contains("[keil.3]"), "{keil}");
        assert!(set_entry("linage = 3", GameKind::Linage, 5, &entry(1.5)).is_err());
        assert!(set_entry("[[[", GameKind::Linage, 5, &entry(1.5)).is_err());
    }

    #[test]
    fn the_file_is_written_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/komi.toml");
        update(&path, GameKind::Carteso, 7, &entry(1.5)).unwrap();
        update(&path, GameKind::Carteso, 6, &entry(0.5)).unwrap();
        let t = crate::games::fair_komi::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(t["carteso"].len(), 2);
    }
}
