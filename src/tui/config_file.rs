//! Saving the settings into the config file with `toml_edit`, so that the file keeps its
//! comments, its order and anything the Settings screen does not edit (the `[keys]` tables).
//! A new file starts from `config.example.toml`, comments included.

use crate::config::Config;
use toml_edit::{DocumentMut, Item, Value};

/// The example configuration (every option, documented; the defaults).
pub const EXAMPLE: &str = include_str!("../../config.example.toml");

/// The text of `old` (or of the example, for a new file) with the options the Settings
/// screen edits set to `cfg`'s values.
pub fn updated(old: Option<&str>, cfg: &Config) -> Result<String, String> {
    let text = old.unwrap_or(EXAMPLE);
    let mut doc: DocumentMut = text
        .parse()
        .map_err(|e: toml_edit::TomlError| format!("cannot update the file: {}", e.message()))?;
    let values: [(&str, Value); 7] = [
        ("theme", cfg.theme.as_str().into()),
        ("ascii", cfg.ascii.into()),
        ("mouse", cfg.mouse.into()),
        ("ai_time", cfg.ai_time.into()),
        ("ai_level", i64::from(cfg.ai_level).into()),
        ("autosave", cfg.autosave.into()),
        ("show_estimate", cfg.show_estimate.name().into()),
    ];
    for (key, mut new) in values {
        match doc.get_mut(key).and_then(Item::as_value_mut) {
            Some(v) => {
                // Keep what surrounds the value (a comment after it).
                *new.decor_mut() = v.decor().clone();
                *v = new;
            }
            None => {
                doc.insert(key, Item::Value(new));
            }
        }
    }
    Ok(doc.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saving_keeps_the_comments_and_the_key_bindings() {
        let old = "# my settings\ntheme = \"mono\" # quiet\n\n# faster AI\nai_time = 1.0\n\n\
                   [keys.game]\npass = \"P\"\n";
        let cfg = Config {
            theme: "classic".into(),
            ai_time: 5.0,
            ascii: true,
            ..crate::config::parse(old).unwrap()
        };
        let new = updated(Some(old), &cfg).unwrap();
        assert!(
            new.starts_with("# my settings\ntheme = \"classic\" # quiet\n"),
            "{new}"
        );
        assert!(new.contains("# faster AI\nai_time = 5.0\n"), "{new}");
        assert!(new.contains("[keys.game]\npass = \"P\""), "{new}");
        assert_eq!(crate::config::parse(&new).unwrap(), cfg);
    }

    #[test]
    fn a_new_file_is_the_example_with_the_values() {
        let cfg = Config {
            ai_level: 7,
            ..Config::default()
        };
        let new = updated(None, &cfg).unwrap();
        assert!(
            new.contains("# The AI level the New game screen starts with"),
            "{new}"
        );
        assert!(new.contains("ai_level = 7"), "{new}");
        assert_eq!(crate::config::parse(&new).unwrap(), cfg);
    }
}
