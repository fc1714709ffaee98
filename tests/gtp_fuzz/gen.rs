//! A seeded generator of GTP command lines, valid and broken, for the fuzz tests.

use tessera::rng::FastRng;

/// What the test needs to know about the state to make plausible lines.
pub struct View<'a> {
    /// `tessera-legal`, split.
    pub legal: &'a [String],
    /// The side to move's name.
    pub to_move: &'a str,
}

/// Every command, and one that does not exist.
fn commands() -> Vec<&'static str> {
    let mut all = tessera::gtp::COMMANDS.to_vec();
    all.push("frobnicate");
    all
}

const GAMES: [&str; 7] = [
    "keil", "carteso", "iris", "linage", "wunchunk", "chess", "LINAGE",
];

const SIDES: [&str; 10] = [
    "black",
    "white",
    "b",
    "w",
    "vertical",
    "horizontal",
    "v",
    "h",
    "B",
    "purple",
];

/// Characters a person cannot see or could mistake for ASCII.
const SNEAKY: [char; 8] = [
    '\u{feff}', '\u{200b}', '\u{200d}', '\u{00a0}', '\u{0441}', '\u{2060}', '\u{202e}', '\u{3000}',
];

/// The generator: `long` is the length of the occasional over-long line.
pub struct Gen {
    rng: FastRng,
    long: usize,
}

impl Gen {
    /// A generator from a seed; over-long lines are `long` bytes.
    pub fn new(seed: u64, long: usize) -> Gen {
        Gen {
            rng: FastRng::seed(seed),
            long,
        }
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.rng.below(items.len())]
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.rng.below(100) < percent
    }

    fn garbage(&mut self, len: usize) -> String {
        (0..len)
            .map(|_| (b'!' + self.rng.below(94) as u8) as char)
            .collect()
    }

    fn number(&mut self) -> String {
        match self.rng.below(6) {
            0 => "-1".into(),
            1 => "99999999999999999999999".into(),
            2 => "6.5".into(),
            3 => "nan".into(),
            _ => self.rng.below(25).to_string(),
        }
    }

    fn token(&mut self, view: &View) -> String {
        if !view.legal.is_empty() && self.chance(75) {
            return view.legal[self.rng.below(view.legal.len())].clone();
        }
        match self.rng.below(8) {
            0 => "pass".into(),
            1 => "swap".into(),
            2 => "button".into(),
            3 => format!("komi={}", self.number()),
            4 => format!("play={}", self.pick(&SIDES)),
            5 => "zz99".into(),
            6 => "Bc3,Wd4".into(),
            _ => {
                let n = 1 + self.rng.below(6);
                self.garbage(n)
            }
        }
    }

    fn side(&mut self, view: &View) -> String {
        if self.chance(70) {
            view.to_move.to_string()
        } else {
            self.pick(&SIDES).to_string()
        }
    }

    fn option(&mut self) -> String {
        match self.rng.below(6) {
            0 => format!("size={}", self.number()),
            1 => format!("komi={}", self.number()),
            2 => format!("protocol={}", self.pick(&["agreed", "bid", "auction"])),
            3 => format!("button={}", self.pick(&["auto", "on", "off", "maybe"])),
            4 => "colour=red".into(),
            _ => "size".into(),
        }
    }

    /// The arguments of `command`, mostly plausible.
    fn args(&mut self, command: &str, view: &View) -> Vec<String> {
        match command {
            "known_command" => vec![self.pick(&commands()).into()],
            "boardsize" => vec![self.number()],
            "komi" => vec![self.number()],
            "play" => vec![self.side(view), self.token(view)],
            "genmove" => vec![self.side(view)],
            "tessera-play" | "tessera-step" => vec![self.token(view)],
            "tessera-game" => {
                let mut a = vec![self.pick(&GAMES).to_string()];
                for _ in 0..self.rng.below(3) {
                    a.push(self.option());
                }
                a
            }
            // Thinking is slow: mostly refused arguments, rarely one millisecond.
            "tessera-analyze" => vec![self.pick(&["1", "x", "-5", "", "1e9"]).into()],
            _ => Vec::new(),
        }
    }

    /// The next line, its line end included.
    pub fn line(&mut self, view: &View) -> Vec<u8> {
        if self.chance(3) {
            // Random bytes, newlines excepted.
            let len = self.rng.below(40);
            let mut bytes: Vec<u8> = (0..len)
                .map(|_| self.rng.below(256) as u8)
                .filter(|&b| b != b'\n')
                .collect();
            bytes.push(b'\n');
            return bytes;
        }
        // Weighted toward the commands that change the state.
        let command = if self.chance(55) {
            self.pick(&[
                "play",
                "tessera-play",
                "tessera-step",
                "genmove",
                "undo",
                "undo",
            ])
        } else if self.chance(10) {
            self.pick(&["tessera-game", "boardsize", "komi", "clear_board"])
        } else {
            self.pick(&commands())
        };
        let mut args = self.args(command, view);
        match self.rng.below(12) {
            0 => args.push(self.garbage(3)),
            1 => {
                args.pop();
            }
            2 if !args.is_empty() => {
                let i = self.rng.below(args.len());
                let c = SNEAKY[self.rng.below(SNEAKY.len())];
                let at = if self.chance(50) { 0 } else { args[i].len() };
                args[i].insert(at, c);
            }
            3 if !args.is_empty() => {
                let n = 100 + self.rng.below(4000);
                args[0] = "a".repeat(n);
            }
            _ => {}
        }
        let mut text = String::new();
        if self.chance(20) {
            text.push_str(&format!("{} ", self.rng.below(1000)));
        }
        text.push_str(command);
        for a in &args {
            text.push(if self.chance(10) { '\t' } else { ' ' });
            text.push_str(a);
        }
        if self.chance(5) {
            text.push_str(" # a comment");
        }
        let mut bytes = text.into_bytes();
        match self.rng.below(25) {
            0 => {
                let at = self.rng.below(bytes.len() + 1);
                bytes.insert(at, 0);
            }
            1 => {
                let at = self.rng.below(bytes.len() + 1);
                bytes.insert(at, 0xff);
            }
            2 => {
                // Over the line limit: the whole line is refused.
                let fill = if self.chance(50) { b'a' } else { b' ' };
                bytes.resize(self.long, fill);
            }
            3 => bytes.push(b'\r'),
            _ => {}
        }
        bytes.push(b'\n');
        bytes
    }
}

/// Whether GTP must answer `line` (bytes without the newline, as sent): a line over the limit
/// always; else when something other than control characters and spaces stands before any `#`.
pub fn expects_answer(line: &[u8], limit: usize) -> bool {
    let content = line.strip_suffix(b"\n").unwrap_or(line);
    let content = content.strip_suffix(b"\r").unwrap_or(content);
    if content.len() > limit {
        return true;
    }
    let text = String::from_utf8_lossy(content);
    let before = text.split('#').next().unwrap_or("");
    before.chars().any(|c| !c.is_control() && c != ' ')
}

/// The command a line names, found as GTP 2 reads lines (the comment cut, control characters
/// dropped, tabs as spaces, a numeric id skipped), or `None` for a line with no command.
pub fn command_of(line: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(line);
    let before = text.split('#').next().unwrap_or("");
    let clean: String = before
        .chars()
        .filter(|&c| !c.is_control() || c == '\t')
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    let mut words = clean.split(' ').filter(|w| !w.is_empty());
    let first = words.next()?;
    if first.bytes().all(|b| b.is_ascii_digit()) {
        words.next().map(str::to_string)
    } else {
        Some(first.to_string())
    }
}

/// Commands that never change the state.
pub fn read_only(command: &str) -> bool {
    matches!(
        command,
        "protocol_version"
            | "name"
            | "version"
            | "known_command"
            | "list_commands"
            | "quit"
            | "showboard"
            | "final_score"
            | "tessera-legal"
            | "tessera-state"
            | "tessera-analyze"
            | "frobnicate"
    )
}

/// Commands that start a new game when they succeed.
pub fn restarts(command: &str) -> bool {
    matches!(
        command,
        "tessera-game" | "boardsize" | "komi" | "clear_board"
    )
}
