//! What an SSH client types, as the interface's key and mouse messages. The bytes arrive in
//! packets that may hold half a key sequence or several keys; a maintained terminal input
//! parser ([`termina::Parser`], the one the Helix editor uses: crossterm's decoder made
//! public) keeps an incomplete sequence until the rest arrives. A lone Esc is told from the
//! start of a sequence by time: if nothing follows within [`ESC_WAIT`], it is the Esc key.
//!
//! Input is rate-limited per connection by a token bucket: a burst (a paste) of up to
//! [`BURST`] bytes passes at once, then [`RATE`] bytes a second; the excess is dropped and the
//! person told.
//!
//! The terminal size a client claims is capped ([`terminal_size`]) to what the largest screen
//! needs (the largest board at its largest scale with the panels at their widest), so that
//! what a session draws, keeps and sends for one screen is bounded whatever the client says.

use crate::tui::app::Msg;
use crate::tui::host::largest_screen;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};
use std::time::{Duration, Instant};
use termina::event::{self as te, Event as TEvent};

/// How long a lone Esc waits for the rest of a sequence.
pub const ESC_WAIT: Duration = Duration::from_millis(40);
/// Bytes a connection may send at once (a paste).
pub const BURST: f64 = 16_384.0;
/// Bytes a second after the burst.
pub const RATE: f64 = 2_048.0;

/// The terminal size a session draws for, from what the client says: 0 (unknown) is 80x24,
/// and each side is at most the largest screen's.
pub fn terminal_size(cols: u32, rows: u32) -> (u16, u16) {
    let (w, h) = largest_screen();
    let side = |n: u32, unknown: u16, max: u16| {
        if n == 0 {
            unknown
        } else {
            n.min(u32::from(max)) as u16
        }
    };
    (side(cols, 80, w), side(rows, 24, h))
}

/// A connection's input decoder.
#[derive(Debug, Default)]
pub struct Decoder {
    parser: termina::Parser,
    /// The last bytes ended in an Esc that may start a sequence.
    pending_esc: bool,
}

impl Decoder {
    /// Feeds bytes; returns the messages they complete.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Msg> {
        self.parser.parse(bytes, true);
        self.pending_esc = bytes.last() == Some(&0x1b);
        self.drain()
    }

    /// Whether an Esc waits for [`Decoder::flush`].
    pub fn waiting(&self) -> bool {
        self.pending_esc
    }

    /// Nothing more came: a lone Esc is the Esc key.
    pub fn flush(&mut self) -> Vec<Msg> {
        self.parser.parse(&[], false);
        self.pending_esc = false;
        self.drain()
    }

    fn drain(&mut self) -> Vec<Msg> {
        let mut out = Vec::new();
        while let Some(e) = self.parser.pop() {
            if let Some(m) = message(e) {
                out.push(m);
            }
        }
        out
    }
}

fn modifiers(m: te::Modifiers) -> KeyModifiers {
    let mut k = KeyModifiers::NONE;
    if m.contains(te::Modifiers::SHIFT) {
        k |= KeyModifiers::SHIFT;
    }
    if m.contains(te::Modifiers::CONTROL) {
        k |= KeyModifiers::CONTROL;
    }
    if m.contains(te::Modifiers::ALT) {
        k |= KeyModifiers::ALT;
    }
    k
}

fn code(c: te::KeyCode) -> Option<KeyCode> {
    use te::KeyCode as T;
    Some(match c {
        T::Char(c) => KeyCode::Char(c),
        T::Enter => KeyCode::Enter,
        T::Backspace => KeyCode::Backspace,
        T::Tab => KeyCode::Tab,
        T::BackTab => KeyCode::BackTab,
        T::Escape => KeyCode::Esc,
        T::Left => KeyCode::Left,
        T::Right => KeyCode::Right,
        T::Up => KeyCode::Up,
        T::Down => KeyCode::Down,
        T::Home => KeyCode::Home,
        T::End => KeyCode::End,
        T::PageUp => KeyCode::PageUp,
        T::PageDown => KeyCode::PageDown,
        T::Insert => KeyCode::Insert,
        T::Delete => KeyCode::Delete,
        T::Function(n) => KeyCode::F(n),
        _ => return None,
    })
}

/// The interface's message for a decoded event (keys and clicks; the rest is dropped).
pub fn message(e: TEvent) -> Option<Msg> {
    match e {
        TEvent::Key(k) if k.kind != te::KeyEventKind::Release => Some(Msg::Key(KeyEvent {
            code: code(k.code)?,
            modifiers: modifiers(k.modifiers),
            kind: KeyEventKind::Press,
            state: KeyEventState::NONE,
        })),
        TEvent::Mouse(m) => match m.kind {
            te::MouseEventKind::Down(b) => Some(Msg::Mouse(MouseEvent {
                kind: MouseEventKind::Down(match b {
                    te::MouseButton::Left => MouseButton::Left,
                    te::MouseButton::Right => MouseButton::Right,
                    te::MouseButton::Middle => MouseButton::Middle,
                }),
                column: m.column,
                row: m.row,
                modifiers: modifiers(m.modifiers),
            })),
            _ => None,
        },
        _ => None,
    }
}

/// A token bucket over bytes.
#[derive(Debug)]
pub struct RateLimit {
    tokens: f64,
    at: Instant,
}

impl RateLimit {
    /// A full bucket.
    pub fn new(now: Instant) -> RateLimit {
        RateLimit {
            tokens: BURST,
            at: now,
        }
    }

    /// How many of `n` bytes may pass now.
    pub fn allow(&mut self, n: usize, now: Instant) -> usize {
        let dt = now.saturating_duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + dt * RATE).min(BURST);
        let pass = (n as f64).min(self.tokens.floor()).max(0.0) as usize;
        self.tokens -= pass as f64;
        pass
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(msgs: Vec<Msg>) -> Vec<KeyCode> {
        msgs.into_iter()
            .filter_map(|m| match m {
                Msg::Key(k) => Some(k.code),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_sequence_split_across_reads_is_one_key() {
        let mut d = Decoder::default();
        assert!(keys(d.feed(b"\x1b")).is_empty());
        assert!(d.waiting());
        assert!(keys(d.feed(b"[")).is_empty());
        assert_eq!(keys(d.feed(b"A")), vec![KeyCode::Up]);
        // Split after the first byte of a three-byte character too.
        assert!(keys(d.feed(&"é".as_bytes()[..1])).is_empty());
        assert_eq!(keys(d.feed(&"é".as_bytes()[1..])), vec![KeyCode::Char('é')]);
    }

    #[test]
    fn several_keys_in_one_read_are_all_kept() {
        let mut d = Decoder::default();
        let got = keys(d.feed(b"ab\x1b[C\r\x1b[5~q"));
        assert_eq!(
            got,
            vec![
                KeyCode::Char('a'),
                KeyCode::Char('b'),
                KeyCode::Right,
                KeyCode::Enter,
                KeyCode::PageUp,
                KeyCode::Char('q'),
            ]
        );
    }

    #[test]
    fn a_lone_esc_is_the_esc_key_once_nothing_follows() {
        let mut d = Decoder::default();
        assert!(keys(d.feed(b"\x1b")).is_empty());
        assert_eq!(keys(d.flush()), vec![KeyCode::Esc]);
        assert!(!d.waiting());
    }

    #[test]
    fn control_keys_keep_their_modifier() {
        let mut d = Decoder::default();
        match d.feed(b"\x03").pop() {
            Some(Msg::Key(k)) => {
                assert_eq!(k.code, KeyCode::Char('c'));
                assert!(k.modifiers.contains(KeyModifiers::CONTROL));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_click_is_a_mouse_message() {
        let mut d = Decoder::default();
        match d.feed(b"\x1b[<0;10;5M").pop() {
            Some(Msg::Mouse(m)) => assert_eq!((m.column, m.row), (9, 4)),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_terminal_is_capped_to_the_largest_screen() {
        // The interface's largest screen (see `host::largest_screen`'s own test).
        let (w, h) = largest_screen();
        assert_eq!(terminal_size(1000, 1000), (w, h));
        assert_eq!(terminal_size(0, 0), (80, 24));
        assert_eq!(terminal_size(100, 30), (100, 30));
        assert_eq!(terminal_size(u32::MAX, 5), (w, 5));
    }

    #[test]
    fn the_bucket_lets_a_paste_through_then_throttles() {
        let t0 = Instant::now();
        let mut r = RateLimit::new(t0);
        assert_eq!(r.allow(10_000, t0), 10_000);
        assert_eq!(r.allow(10_000, t0), BURST as usize - 10_000);
        assert_eq!(r.allow(100, t0), 0);
        let later = t0 + Duration::from_secs(1);
        assert_eq!(r.allow(10_000, later), RATE as usize);
    }
}
