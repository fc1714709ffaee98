//! The settings the interface runs with: the configuration (file, flags), the theme it names
//! (without colour under `NO_COLOR`) and the user's key bindings.

use super::keymap::Keymap;
use crate::config::Config;
use crate::theme::Theme;
use std::path::PathBuf;
use std::time::Duration;

/// The settings the interface runs with (from the config file, flags and the environment).
#[derive(Clone, Debug)]
pub struct Settings {
    /// The configuration as it would be saved.
    pub config: Config,
    /// Where it was read from (and is saved to).
    pub config_path: Option<PathBuf>,
    /// The theme in use (already stripped of colour under `NO_COLOR`).
    pub theme: Theme,
    /// `NO_COLOR` is set.
    pub no_color: bool,
    /// What the terminal said about itself (the theme `auto` is chosen from it).
    pub term: TermEnv,
    /// The keys the user rebound in the config file.
    pub keymap: Keymap,
}

/// What a terminal says about itself (the process environment of a local terminal; the
/// `pty-req` and the `env` requests of an SSH session).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TermEnv {
    /// `TERM`.
    pub term: String,
    /// `COLORTERM`.
    pub colorterm: String,
    /// `NO_COLOR` is set (and not empty).
    pub no_color: bool,
}

impl TermEnv {
    /// The terminal the program runs in, from its environment.
    pub fn from_process() -> TermEnv {
        TermEnv {
            term: std::env::var("TERM").unwrap_or_default(),
            colorterm: std::env::var("COLORTERM").unwrap_or_default(),
            no_color: std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()),
        }
    }
}

impl Settings {
    /// Settings from a configuration, with the problems of its theme and key bindings (a
    /// terminal that says nothing about itself: `auto` is the default theme).
    pub fn new(
        config: Config,
        config_path: Option<PathBuf>,
        no_color: bool,
    ) -> (Settings, Vec<String>) {
        let term = TermEnv {
            no_color,
            ..TermEnv::default()
        };
        Settings::for_terminal(config, config_path, &term)
    }

    /// Settings from a configuration for a terminal (`auto` picks the theme from its `TERM`
    /// and `COLORTERM`; `NO_COLOR` strips the colours), with the problems of its theme and
    /// key bindings.
    pub fn for_terminal(
        config: Config,
        config_path: Option<PathBuf>,
        term: &TermEnv,
    ) -> (Settings, Vec<String>) {
        let no_color = term.no_color;
        let (theme, problem) = if config.theme.eq_ignore_ascii_case("auto") {
            let name = crate::config::auto_theme(&term.term, &term.colorterm);
            (Theme::built_in(name).expect("a built-in theme"), None)
        } else {
            config.resolve_theme(config_path.as_deref())
        };
        let theme = if no_color {
            theme.without_colour()
        } else {
            theme
        };
        let (keymap, mut problems) = Keymap::from_config(&config.keys);
        problems.extend(problem);
        (
            Settings {
                config,
                config_path,
                theme,
                no_color,
                term: term.clone(),
                keymap,
            },
            problems,
        )
    }

    /// Plain ASCII drawing.
    pub fn ascii(&self) -> bool {
        self.config.ascii
    }

    /// The AI's time per turn.
    pub fn ai_time(&self) -> Duration {
        Duration::from_secs_f64(self.config.ai_time)
    }
}
