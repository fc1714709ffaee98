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
    /// The keys the user rebound in the config file.
    pub keymap: Keymap,
}

impl Settings {
    /// Settings from a configuration, with the problems of its theme and key bindings.
    pub fn new(
        config: Config,
        config_path: Option<PathBuf>,
        no_color: bool,
    ) -> (Settings, Vec<String>) {
        let (theme, problem) = config.resolve_theme(config_path.as_deref());
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
