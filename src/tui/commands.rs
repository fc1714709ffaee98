//! One table of commands per screen (gitui's model): each row says which keys run the command,
//! when it is available, how the key line and the help name it, and what it does. The key
//! handler, the bottom key line and the `?` help are all made from the table, so they cannot
//! disagree.
//!
//! Rows are tried in order: when two available commands share a key, the earlier one has it
//! (the bid's `←→` before the cursor's, the hexhex diagonal `u` before take-back's `u`), and
//! the later one is listed without it.

use super::keymap::{Key, Keymap};
use ratatui::crossterm::event::KeyEvent;

/// One row of a command table.
#[derive(Debug)]
pub struct Command<S, A> {
    /// What the screen does.
    pub action: A,
    /// The command's name in the config file's `[keys.SCREEN]` table.
    pub name: &'static str,
    /// The default keys (see [`super::keymap`] for the names).
    pub keys: &'static [&'static str],
    /// Whether the command is available in the screen's state.
    pub when: fn(&S) -> bool,
    /// Its label on the key line; empty: not on the key line (the help still lists it).
    pub hint: &'static str,
    /// Its line in the help. Neighbouring rows with the same help are listed as one line.
    pub help: &'static str,
}

impl<S, A> Command<S, A> {
    /// A row: action, config name, default keys, when available, key-line label, help.
    pub const fn new(
        action: A,
        name: &'static str,
        keys: &'static [&'static str],
        when: fn(&S) -> bool,
        hint: &'static str,
        help: &'static str,
    ) -> Command<S, A> {
        Command {
            action,
            name,
            keys,
            when,
            hint,
            help,
        }
    }
}

/// A table: the screen's name in the config file and its rows.
pub struct Table<S: 'static, A: 'static> {
    /// `[keys.NAME]` in the config file.
    pub screen: &'static str,
    /// The rows, in priority order.
    pub rows: &'static [Command<S, A>],
}

/// A command available now with the keys that reach it.
#[derive(Debug)]
pub struct Live<'t, S, A> {
    /// The row.
    pub command: &'t Command<S, A>,
    /// Its keys, less those an earlier available command has.
    pub keys: Vec<Key>,
}

impl<S, A: Copy> Table<S, A> {
    /// The keys of a row: the user's rebinding, else the defaults.
    fn keys_of(&self, c: &Command<S, A>, keymap: &Keymap) -> Vec<Key> {
        match keymap.get(self.screen, c.name) {
            Some(k) => k.to_vec(),
            None => Key::parse_all(c.keys).expect("the built-in tables use valid key names"),
        }
    }

    /// The commands available in `state`, each with the keys that reach it.
    pub fn live(&self, state: &S, keymap: &Keymap) -> Vec<Live<'_, S, A>> {
        let mut taken: Vec<Key> = Vec::new();
        let mut out = Vec::new();
        for c in self.rows {
            if !(c.when)(state) {
                continue;
            }
            let keys: Vec<Key> = self
                .keys_of(c, keymap)
                .into_iter()
                .filter(|k| !taken.contains(k) && !taken.contains(&Key::Any))
                .collect();
            taken.extend(keys.iter().copied());
            out.push(Live { command: c, keys });
        }
        out
    }

    /// The action a key press runs in `state`, if any. Specific keys win over the `text` and
    /// `any` patterns, whatever their order.
    pub fn lookup(&self, state: &S, keymap: &Keymap, k: &KeyEvent) -> Option<A> {
        let live = self.live(state, keymap);
        let exact = live
            .iter()
            .find(|l| {
                l.keys
                    .iter()
                    .any(|key| matches!(key, Key::Code(..)) && key.matches(k))
            })
            .or_else(|| {
                live.iter()
                    .find(|l| l.keys.iter().any(|key| key.matches(k)))
            });
        exact.map(|l| l.command.action)
    }

    /// The key line: (keys, label) of the available commands that have a label, neighbours
    /// with the same label joined (`←→↑↓ move`).
    pub fn hints(&self, state: &S, keymap: &Keymap) -> Vec<(String, &'static str)> {
        let mut out: Vec<(String, &'static str)> = Vec::new();
        for l in self.live(state, keymap) {
            let (hint, Some(first)) = (l.command.hint, l.keys.first()) else {
                continue;
            };
            if hint.is_empty() {
                continue;
            }
            match out.last_mut() {
                Some((keys, h)) if *h == hint => keys.push_str(&join_key(keys, *first)),
                _ => out.push((first.to_string(), hint)),
            }
        }
        out
    }

    /// The help: (all keys, what they do) of every available command, neighbours with the
    /// same help on one line.
    pub fn help(&self, state: &S, keymap: &Keymap) -> Vec<(String, &'static str)> {
        let mut out: Vec<(Vec<Vec<Key>>, &'static str)> = Vec::new();
        for l in self.live(state, keymap) {
            if l.keys.is_empty() {
                continue;
            }
            match out.last_mut() {
                Some((keys, h)) if *h == l.command.help => keys.push(l.keys),
                _ => out.push((vec![l.keys], l.command.help)),
            }
        }
        out.into_iter()
            .map(|(groups, help)| {
                // The first key of each command first, then the second ones: "← → ↑ ↓ h l k j".
                let longest = groups.iter().map(Vec::len).max().unwrap_or(0);
                let names: Vec<String> = (0..longest)
                    .flat_map(|i| groups.iter().filter_map(move |g| g.get(i)))
                    .map(Key::to_string)
                    .collect();
                (names.join(" "), help)
            })
            .collect()
    }

    /// Every command name of the table (for checking the config file's `[keys]`).
    pub fn names(&self) -> Vec<&'static str> {
        self.rows.iter().map(|c| c.name).collect()
    }
}

/// How the next key joins a run of keys on the key line: arrows run together (`←→↑↓`),
/// anything else after a space.
fn join_key(so_far: &str, k: Key) -> String {
    let arrow = |s: &str| s.chars().all(|c| "←→↑↓".contains(c));
    let next = k.to_string();
    if arrow(so_far) && arrow(&next) {
        next
    } else {
        format!(" {next}")
    }
}
