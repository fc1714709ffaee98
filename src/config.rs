//! The interface's settings: read from `config.toml` in the platform config directory (or the
//! file given with `--config`), documented option by option in `config.example.toml`.
//!
//! A broken file never stops the program: [`load`] reports the file, the line and the problem,
//! and the program carries on with the defaults, saying so.

use crate::files::read_text;
use crate::quote::Quoted;
use crate::theme::{Theme, ThemeError};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Every option of `config.toml`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// `auto` (`default` where the terminal has 256 colours, else `classic`), a built-in theme
    /// (`default`, `classic`, `high-contrast`, `mono`), a theme in the config directory's
    /// `themes/` folder by name, or a path to a theme file.
    pub theme: String,
    /// Plain ASCII drawing: `X`/`O` stones, `.` points, ASCII frames.
    pub ascii: bool,
    /// Capture mouse clicks (a click on a cell places there).
    pub mouse: bool,
    /// Seconds the AI thinks per turn.
    #[serde(deserialize_with = "de_ai_time")]
    pub ai_time: f64,
    /// The AI level the New game screen starts with (1–10).
    #[serde(deserialize_with = "de_ai_level")]
    pub ai_level: u8,
    /// Save the game in progress after every turn and on quit (for Resume).
    pub autosave: bool,
    /// When the AI panel shows an engine's estimate of the position (win rate, score, best
    /// turn) without being asked with `a` (analysis) or `H` (hint).
    pub show_estimate: ShowEstimate,
    /// Key rebindings: `[keys.SCREEN]` tables of `command = "KEY"` or `["KEY", …]` (checked
    /// and applied by the interface, `crate::tui::keymap`).
    #[serde(skip_serializing_if = "KeysConfig::is_empty")]
    pub keys: KeysConfig,
}

/// When the AI panel shows an engine's estimate unasked (`show_estimate`). Analysis (`a`),
/// a hint (`H`) and the review (`R`) show theirs whatever the setting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShowEstimate {
    /// Never: the panel says what the AI is doing, and numbers come only when asked for.
    Never,
    /// Not during a game against the AI (as lichess shows no engine during a game against
    /// the computer); once the game is over, analysis follows the position on screen.
    #[default]
    AfterGame,
    /// Also during the game: the AI opponent's own estimate while it thinks and after its
    /// turn (at its level, and labelled so), and its estimate for your side choice in the bid.
    Always,
}

impl ShowEstimate {
    /// Every value, in the Settings screen's order.
    pub const ALL: [ShowEstimate; 3] = [
        ShowEstimate::Never,
        ShowEstimate::AfterGame,
        ShowEstimate::Always,
    ];

    /// The value as the config file writes it.
    pub fn name(self) -> &'static str {
        match self {
            ShowEstimate::Never => "never",
            ShowEstimate::AfterGame => "after_game",
            ShowEstimate::Always => "always",
        }
    }
}

/// The `[keys]` tables: screen, then command, then its keys.
pub type KeysConfig =
    std::collections::BTreeMap<String, std::collections::BTreeMap<String, KeyList>>;

/// One key or a list of keys, as the config file writes them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum KeyList {
    /// `pass = "P"`.
    One(String),
    /// `take_back = ["u", "Backspace"]`.
    Many(Vec<String>),
}

impl KeyList {
    /// The key names.
    pub fn names(&self) -> Vec<&str> {
        match self {
            KeyList::One(k) => vec![k.as_str()],
            KeyList::Many(v) => v.iter().map(String::as_str).collect(),
        }
    }
}

impl Default for Config {
    fn default() -> Config {
        Config {
            theme: "auto".into(),
            ascii: false,
            mouse: true,
            ai_time: 2.0,
            ai_level: 3,
            autosave: true,
            show_estimate: ShowEstimate::AfterGame,
            keys: KeysConfig::new(),
        }
    }
}

/// Allowed AI thinking time per turn, in seconds.
pub const AI_TIME_RANGE: std::ops::RangeInclusive<f64> = 0.1..=600.0;

fn de_ai_time<'de, D: serde::Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    let v = f64::deserialize(d)?;
    if AI_TIME_RANGE.contains(&v) {
        Ok(v)
    } else {
        Err(serde::de::Error::custom(format!(
            "ai_time must be between 0.1 and 600 seconds, not {v}"
        )))
    }
}

fn de_ai_level<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let v = i64::deserialize(d)?;
    if (1..=10).contains(&v) {
        Ok(v as u8)
    } else {
        Err(serde::de::Error::custom(format!(
            "ai_level must be 1 to 10, not {v}"
        )))
    }
}

/// The result of reading the configuration: the settings to use, where they came from, and
/// what went wrong (the program shows it and continues).
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The settings (the defaults when the file is missing or broken).
    pub config: Config,
    /// The file that was read, if any.
    pub path: Option<PathBuf>,
    /// `file: line N, column C: problem (defaults used)`, when the file could not be used.
    pub problem: Option<String>,
}

/// The platform directories of tessera (config and data), if the platform has a home.
pub(crate) fn project_dirs() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("", "", "tessera")
}

/// Where `config.toml` is looked for when no `--config` is given.
pub fn default_path() -> Option<PathBuf> {
    project_dirs().map(|d| d.config_dir().join("config.toml"))
}

/// Where autosaves and saved games go.
pub fn data_dir() -> Option<PathBuf> {
    project_dirs().map(|d| d.data_dir().to_path_buf())
}

/// Parses a configuration text; the error is `line N, column C: problem`.
pub fn parse(text: &str) -> Result<Config, String> {
    toml::from_str(text).map_err(|e| ThemeError::from_toml(text, &e).to_string())
}

/// Reads the configuration from `explicit` (`--config PATH`, which must exist) or from the
/// platform config directory (a missing file there just means the defaults).
pub fn load(explicit: Option<&Path>) -> Loaded {
    let path = match explicit {
        Some(p) => Some(p.to_path_buf()),
        None => default_path().filter(|p| p.exists()),
    };
    let Some(path) = path else {
        return Loaded {
            config: Config::default(),
            path: None,
            problem: None,
        };
    };
    match read_text(&path) {
        Err(e) => Loaded {
            config: Config::default(),
            problem: Some(format!(
                "{}: cannot read ({e}) (defaults used)",
                path.display()
            )),
            path: Some(path),
        },
        Ok(text) => match parse(&text) {
            Ok(config) => Loaded {
                config,
                path: Some(path),
                problem: None,
            },
            Err(problem) => Loaded {
                config: Config::default(),
                problem: Some(format!("{}: {problem} (defaults used)", path.display())),
                path: Some(path),
            },
        },
    }
}

impl Config {
    /// The theme this configuration names, looked up as a built-in name, then as
    /// `themes/NAME.toml` next to the config file, then as a path. On failure: the default
    /// theme and the problem in words.
    pub fn resolve_theme(&self, config_path: Option<&Path>) -> (Theme, Option<String>) {
        if self.theme.eq_ignore_ascii_case("auto") {
            let term = std::env::var("TERM").unwrap_or_default();
            let colorterm = std::env::var("COLORTERM").unwrap_or_default();
            let name = auto_theme(&term, &colorterm);
            return (Theme::built_in(name).expect("a built-in theme"), None);
        }
        if let Some(t) = Theme::built_in(&self.theme) {
            return (t, None);
        }
        let dir = config_path
            .and_then(|p| p.parent())
            .map(Path::to_path_buf)
            .or_else(|| project_dirs().map(|d| d.config_dir().to_path_buf()));
        let mut candidates = Vec::new();
        if let Some(d) = &dir {
            candidates.push(d.join("themes").join(format!("{}.toml", self.theme)));
            candidates.push(d.join(&self.theme));
        }
        candidates.push(PathBuf::from(&self.theme));
        let Some(file) = candidates.into_iter().find(|p| p.is_file()) else {
            return (
                Theme::default(),
                Some(format!(
                    "theme {} not found (built-in: {}); using the default theme",
                    Quoted(&self.theme),
                    Theme::built_in_names().join(", ")
                )),
            );
        };
        match read_text(&file) {
            Err(e) => (
                Theme::default(),
                Some(format!("{}: cannot read ({e})", file.display())),
            ),
            Ok(text) => match Theme::parse(&text, &Theme::default()) {
                Ok(t) => (t, None),
                Err(e) => (
                    Theme::default(),
                    Some(format!("{}: {e}; using the default theme", file.display())),
                ),
            },
        }
    }

    /// The configuration as TOML (for Settings → save).
    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("the config serialises")
    }
}

/// The theme `auto` stands for, from `TERM` and `COLORTERM`: `default` (256 colours) where the
/// terminal says it has at least 256 colours (or says nothing, as on Windows), `mono` on a
/// `dumb` terminal, `classic` (16 colours) otherwise (the Linux console, old terminals).
pub(crate) fn auto_theme(term: &str, colorterm: &str) -> &'static str {
    let t = term.to_ascii_lowercase();
    let rich = [
        "256",
        "truecolor",
        "direct",
        "kitty",
        "alacritty",
        "wezterm",
        "foot",
        "ghostty",
    ];
    if !colorterm.is_empty() || t.is_empty() || rich.iter().any(|r| t.contains(r)) {
        "default"
    } else if t == "dumb" {
        "mono"
    } else {
        "classic"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_config_is_valid_and_documents_every_option() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("config.example.toml");
        let text = std::fs::read_to_string(path).unwrap();
        let c = parse(&text).unwrap();
        assert_eq!(c, Config::default(), "the example shows the defaults");
        let keys: toml::Table = toml::from_str(&text).unwrap();
        for key in [
            "theme",
            "ascii",
            "mouse",
            "ai_time",
            "ai_level",
            "autosave",
            "show_estimate",
        ] {
            assert!(keys.contains_key(key), "{key} is not documented");
        }
        assert_eq!(
            parse(&Config::default().to_toml()).unwrap(),
            Config::default()
        );
    }

    #[test]
    fn broken_files_name_the_line_and_the_problem() {
        let e = parse("theme = \"mono\"\nascii = yes\n").unwrap_err();
        assert!(e.starts_with("line 2, column 9:"), "{e}");
        let e = parse("theme = \"mono\"\n\nai_level = 12\n").unwrap_err();
        assert!(
            e.starts_with("line 3, column 12:") && e.contains("1 to 10"),
            "{e}"
        );
        let e = parse("colour = true\n").unwrap_err();
        assert!(
            e.starts_with("line 1, column 1:") && e.contains("colour"),
            "{e}"
        );
        let e = parse("ai_time = 0.0\n").unwrap_err();
        assert!(e.contains("ai_time"), "{e}");
        let e = parse("show_estimate = \"sometimes\"\n").unwrap_err();
        assert!(
            e.starts_with("line 1, column 17:") && e.contains("after_game"),
            "{e}"
        );
        for v in ShowEstimate::ALL {
            let c = parse(&format!("show_estimate = \"{}\"\n", v.name())).unwrap();
            assert_eq!(c.show_estimate, v);
        }
    }

    #[test]
    fn a_broken_file_gives_the_defaults_and_says_so() {
        let dir = std::env::temp_dir().join(format!("tessera-cfg-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("config.toml");
        std::fs::write(&p, "ascii = true\nai_level = \"high\"\n").unwrap();
        let l = load(Some(&p));
        assert_eq!(l.config, Config::default());
        let problem = l.problem.unwrap();
        assert!(
            problem.contains("config.toml: line 2, column 12:"),
            "{problem}"
        );
        assert!(problem.contains("(defaults used)"), "{problem}");
        std::fs::write(&p, "ascii = true\ntheme = \"mono\"\n").unwrap();
        let l = load(Some(&p));
        assert!(l.problem.is_none() && l.config.ascii);
        assert_eq!(l.config.resolve_theme(Some(&p)).0.name, "mono");
        let l = load(Some(&dir.join("missing.toml")));
        assert!(l.problem.unwrap().contains("cannot read"));
        // Not UTF-8: the place of the first bad byte.
        std::fs::write(&p, b"ascii = true\ntheme = \"m\xffno\"\n").unwrap();
        let l = load(Some(&p));
        let problem = l.problem.unwrap();
        assert!(
            problem.contains("line 2, column 11: byte 0xff"),
            "{problem}"
        );
        assert_eq!(l.config, Config::default());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn auto_theme_follows_the_terminal() {
        assert_eq!(auto_theme("xterm-256color", ""), "default");
        assert_eq!(auto_theme("tmux-256color", ""), "default");
        assert_eq!(auto_theme("xterm", "truecolor"), "default");
        assert_eq!(auto_theme("linux", ""), "classic");
        assert_eq!(auto_theme("vt100", ""), "classic");
        assert_eq!(auto_theme("dumb", ""), "mono");
    }

    #[test]
    fn unknown_theme_falls_back_with_a_message() {
        let c = Config {
            theme: "no-such-theme".into(),
            ..Config::default()
        };
        let (t, problem) = c.resolve_theme(None);
        assert_eq!(t.name, "default");
        assert!(problem.unwrap().contains("no-such-theme"));
    }
}
