//! Keys as the command tables and the config file write them (`Left`, `PgDn`, `Ctrl-c`, `?`),
//! and the user's rebindings (`[keys.SCREEN]` in `config.toml`).
//!
//! A key name is one of: a single character (`p`, `B`, `?`, `[`), a named key (`Left`,
//! `Right`, `Up`, `Down`, `Home`, `End`, `PgUp`, `PgDn`, `Enter`, `Esc`, `Tab`, `BackTab`,
//! `Backspace`, `Delete`, `Insert`, `Space`, `F1`–`F12`), or either with `Ctrl-` or `Alt-`
//! in front. Names are matched without regard to case, except single characters (`b` and `B`
//! are different keys). Two patterns exist only in the built-in tables: `any` (any key) and
//! `text` (any character typed without Ctrl or Alt, for text entry).
//!
//! The names are few and fixed, so they are parsed here rather than with a crate: this is not
//! an escape-code decoder (crossterm decodes the terminal's bytes into [`KeyEvent`]s).

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::collections::BTreeMap;
use std::fmt;

/// A key, or a pattern of keys, a command answers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// One key with Ctrl and Alt as given (Shift is part of the character).
    Code(KeyCode, KeyModifiers),
    /// Any character typed without Ctrl or Alt (text entry).
    Text,
    /// Any key at all.
    Any,
}

const NAMED: [(&str, KeyCode); 15] = [
    ("Left", KeyCode::Left),
    ("Right", KeyCode::Right),
    ("Up", KeyCode::Up),
    ("Down", KeyCode::Down),
    ("Home", KeyCode::Home),
    ("End", KeyCode::End),
    ("PgUp", KeyCode::PageUp),
    ("PgDn", KeyCode::PageDown),
    ("Enter", KeyCode::Enter),
    ("Esc", KeyCode::Esc),
    ("Tab", KeyCode::Tab),
    ("BackTab", KeyCode::BackTab),
    ("Backspace", KeyCode::Backspace),
    ("Delete", KeyCode::Delete),
    ("Insert", KeyCode::Insert),
];

impl Key {
    /// Parses a key name (see the module docs).
    pub fn parse(name: &str) -> Result<Key, String> {
        let bad = || {
            format!(
                "'{name}' is not a key (a character, Left, PgDn, Enter, Esc, Space, F1, \
                 Ctrl-x, Alt-x, …)"
            )
        };
        match name {
            "any" => return Ok(Key::Any),
            "text" => return Ok(Key::Text),
            _ => {}
        }
        let mut mods = KeyModifiers::NONE;
        let mut rest = name;
        loop {
            let lower = rest.to_ascii_lowercase();
            if rest.chars().count() > 1 && lower.starts_with("ctrl-") {
                mods |= KeyModifiers::CONTROL;
                rest = &rest[5..];
            } else if rest.chars().count() > 1 && lower.starts_with("alt-") {
                mods |= KeyModifiers::ALT;
                rest = &rest[4..];
            } else {
                break;
            }
        }
        let mut chars = rest.chars();
        let code = match (chars.next(), chars.next()) {
            (Some(c), None) if !c.is_control() => KeyCode::Char(c),
            (Some(_), Some(_)) => {
                let lower = rest.to_ascii_lowercase();
                if let Some(&(_, code)) = NAMED.iter().find(|(n, _)| n.eq_ignore_ascii_case(rest)) {
                    code
                } else if lower == "space" {
                    KeyCode::Char(' ')
                } else if lower == "pageup" {
                    KeyCode::PageUp
                } else if lower == "pagedown" {
                    KeyCode::PageDown
                } else if lower == "del" {
                    KeyCode::Delete
                } else if let Some(n) = lower.strip_prefix('f').and_then(|d| d.parse().ok()) {
                    if !(1..=12).contains(&n) {
                        return Err(bad());
                    }
                    KeyCode::F(n)
                } else {
                    return Err(bad());
                }
            }
            _ => return Err(bad()),
        };
        Ok(Key::Code(code, mods))
    }

    /// Parses a list of key names, all or nothing.
    pub fn parse_all(names: &[&str]) -> Result<Vec<Key>, String> {
        names.iter().map(|n| Key::parse(n)).collect()
    }

    /// Whether a key press is this key.
    pub fn matches(self, k: &KeyEvent) -> bool {
        let mods = k.modifiers & (KeyModifiers::CONTROL | KeyModifiers::ALT);
        match self {
            Key::Any => true,
            Key::Text => matches!(k.code, KeyCode::Char(_)) && mods.is_empty(),
            Key::Code(code, m) => {
                // Shift is already in the character ('U'); BackTab arrives with Shift.
                code == k.code && m == mods
            }
        }
    }

    /// The key's name as the config file writes it.
    pub fn name(self) -> String {
        let (code, mods) = match self {
            Key::Any => return "any".into(),
            Key::Text => return "text".into(),
            Key::Code(c, m) => (c, m),
        };
        let mut s = String::new();
        if mods.contains(KeyModifiers::CONTROL) {
            s.push_str("Ctrl-");
        }
        if mods.contains(KeyModifiers::ALT) {
            s.push_str("Alt-");
        }
        match code {
            KeyCode::Char(' ') => s.push_str("Space"),
            KeyCode::Char(c) => s.push(c),
            KeyCode::F(n) => s.push_str(&format!("F{n}")),
            other => {
                let n = NAMED.iter().find(|(_, c)| *c == other).map_or("?", |x| x.0);
                s.push_str(n);
            }
        }
        s
    }
}

impl fmt::Display for Key {
    /// The key as the key line and the help show it (arrows as arrows).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let short = match self {
            Key::Code(KeyCode::Left, m) if m.is_empty() => "←",
            Key::Code(KeyCode::Right, m) if m.is_empty() => "→",
            Key::Code(KeyCode::Up, m) if m.is_empty() => "↑",
            Key::Code(KeyCode::Down, m) if m.is_empty() => "↓",
            Key::Code(KeyCode::BackTab, _) => "S-Tab",
            Key::Any => "any key",
            Key::Text => "type",
            _ => return f.write_str(&self.name()),
        };
        f.write_str(short)
    }
}

/// The user's rebindings: per screen, per command name, the keys that replace the defaults.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Keymap {
    bound: BTreeMap<(String, String), Vec<Key>>,
}

impl Keymap {
    /// The rebindings of the config file's `[keys]` tables. Bad key names are reported (file
    /// order) and leave that command's defaults in place; the names of screens and commands
    /// are checked by [`Keymap::unknown`].
    pub fn from_config(keys: &crate::config::KeysConfig) -> (Keymap, Vec<String>) {
        let mut map = Keymap::default();
        let mut problems = Vec::new();
        for (screen, table) in keys {
            for (command, list) in table {
                let names = list.names();
                match names
                    .iter()
                    .map(|n| Key::parse(n))
                    .collect::<Result<Vec<Key>, String>>()
                {
                    Ok(v) if v.iter().any(|k| matches!(k, Key::Any | Key::Text)) => problems.push(
                        format!("keys.{screen}.{command}: 'any' and 'text' cannot be bound"),
                    ),
                    Ok(v) => {
                        map.bound.insert((screen.clone(), command.clone()), v);
                    }
                    Err(e) => problems.push(format!("keys.{screen}.{command}: {e}")),
                }
            }
        }
        (map, problems)
    }

    /// The keys bound to `command` on `screen`, if the user rebound it.
    pub fn get(&self, screen: &str, command: &str) -> Option<&[Key]> {
        self.bound
            .get(&(screen.to_string(), command.to_string()))
            .map(Vec::as_slice)
    }

    /// Rebindings whose screen or command does not exist, as messages. `known` lists every
    /// screen with its command names.
    pub fn unknown(&self, known: &[(&str, Vec<&str>)]) -> Vec<String> {
        let mut out = Vec::new();
        for (screen, command) in self.bound.keys() {
            match known.iter().find(|(s, _)| s == screen) {
                None => out.push(format!(
                    "keys.{screen}: no such screen (screens: {})",
                    known.iter().map(|k| k.0).collect::<Vec<_>>().join(", ")
                )),
                Some((_, names)) if !names.contains(&command.as_str()) => out.push(format!(
                    "keys.{screen}.{command}: no such command (see config.example.toml)"
                )),
                Some(_) => {}
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(code: KeyCode, mods: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, mods)
    }

    #[test]
    fn names_parse_and_print_back() {
        for name in [
            "a",
            "B",
            "?",
            "[",
            "Left",
            "PgDn",
            "Enter",
            "Esc",
            "Space",
            "F5",
            "Ctrl-c",
            "Alt-x",
            "Backspace",
            "BackTab",
            "Delete",
        ] {
            let k = Key::parse(name).unwrap();
            assert_eq!(k.name(), name);
            assert_eq!(Key::parse(&k.name()).unwrap(), k);
        }
        assert_eq!(Key::parse("pageup").unwrap(), Key::parse("PgUp").unwrap());
        assert_eq!(Key::parse("ctrl-C").unwrap().name(), "Ctrl-C");
        for bad in ["", "Lefty", "F13", "Ctrl-", "\u{7}"] {
            assert!(Key::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn keys_match_presses() {
        let u = Key::parse("U").unwrap();
        assert!(u.matches(&ev(KeyCode::Char('U'), KeyModifiers::SHIFT)));
        assert!(!u.matches(&ev(KeyCode::Char('u'), KeyModifiers::NONE)));
        let c = Key::parse("Ctrl-c").unwrap();
        assert!(c.matches(&ev(KeyCode::Char('c'), KeyModifiers::CONTROL)));
        assert!(!c.matches(&ev(KeyCode::Char('c'), KeyModifiers::NONE)));
        assert!(Key::Text.matches(&ev(KeyCode::Char('x'), KeyModifiers::SHIFT)));
        assert!(!Key::Text.matches(&ev(KeyCode::Char('x'), KeyModifiers::CONTROL)));
        assert!(!Key::Text.matches(&ev(KeyCode::Enter, KeyModifiers::NONE)));
        let bt = Key::parse("BackTab").unwrap();
        assert!(bt.matches(&ev(KeyCode::BackTab, KeyModifiers::SHIFT)));
    }
}
