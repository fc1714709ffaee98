//! Colour themes for the terminal interface.
//!
//! A theme is a TOML file of *style specs*: a style is written as words, for example
//! `"black on #c8a060 bold"` — an optional foreground colour, `on` and a background colour, and
//! any of the modifiers `bold`, `dim`, `italic`, `underline`, `reversed`. Colours are ratatui's
//! names (`red`, `lightblue`, `darkgray`, …), `#rrggbb`, a palette index `0`–`255`, or `default`
//! (the terminal's own colour). Four themes are built in (`themes/*.toml`, compiled into the
//! binary): `default`, `classic` (the 16 basic colours only), `high-contrast` and `mono` (no
//! colour at all). A theme file may leave keys out: they come from `default`.
//!
//! Nothing on the board depends on colour alone: stones have distinct glyphs, the cursor is in
//! reverse video when the theme gives it no background, the last turn's stones have glyphs of
//! their own, claims have markers, Iris pairs get letters when the theme has no pair colours. `NO_COLOR` (see [`Theme::without_colour`]) strips every colour
//! and keeps the modifiers.

use crate::files::Location;
use crate::quote::Quoted;
use ratatui::style::{Color, Modifier, Style};
use serde::Deserialize;
use std::fmt;
use std::str::FromStr;

/// The built-in themes: (name, TOML text).
pub const BUILT_IN: [(&str, &str); 4] = [
    ("default", include_str!("../themes/default.toml")),
    ("classic", include_str!("../themes/classic.toml")),
    (
        "high-contrast",
        include_str!("../themes/high-contrast.toml"),
    ),
    ("mono", include_str!("../themes/mono.toml")),
];

/// Every style the interface draws with.
#[derive(Clone, Debug, PartialEq)]
pub struct Theme {
    /// The theme's name.
    pub name: String,
    /// Base style of the board area (its background).
    pub board: Style,
    /// Coordinates around the board.
    pub coords: Style,
    /// An empty point.
    pub point: Style,
    /// A black stone.
    pub black: Style,
    /// A white stone.
    pub white: Style,
    /// Linage's neutral stone.
    pub neutral: Style,
    /// The cursor (patched over the cell and its brackets).
    pub cursor: Style,
    /// The last turn's markers (patched over the stone and its parentheses).
    pub last: Style,
    /// Cells where the next stone of the turn may go (Iris's second stone).
    pub legal: Style,
    /// Carteso claim marker of the first side (Vertical).
    pub claim_first: Style,
    /// Carteso claim marker of the second side (Horizontal).
    pub claim_second: Style,
    /// Ownership overlay: the first side's cells.
    pub own_first: Style,
    /// Ownership overlay: the second side's cells.
    pub own_second: Style,
    /// Ownership overlay: contested (Linage's free regions).
    pub own_free: Style,
    /// Ownership overlay: nobody's (Keil's neutral territory).
    pub own_neutral: Style,
    /// Iris pair colours (background of the coloured cells), cycled when there are more pairs.
    pub pairs: Vec<Color>,
    /// Whether empty Iris coloured cells show their pair letter even with pair colours (themes
    /// whose few colours repeat need the letters to tell pairs apart).
    pub pair_letters: bool,
    /// Ordinary text in panels and menus.
    pub text: Style,
    /// Less important text (hints, labels).
    pub dim: Style,
    /// Panel titles and headings.
    pub title: Style,
    /// Values worth noticing (side to move, best move).
    pub accent: Style,
    /// The selected line of a menu or list.
    pub selected: Style,
    /// Error messages.
    pub error: Style,
    /// Key names in the bottom line and the help.
    pub key: Style,
    /// The win-rate bar: the first side's share.
    pub bar_first: Style,
    /// The win-rate bar: the second side's share.
    pub bar_second: Style,
}

/// A theme file that could not be read, with the place it failed at.
#[derive(Clone, Debug, PartialEq)]
pub struct ThemeError {
    /// Where the problem is, when known.
    pub at: Option<Location>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ThemeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at {
            Some(at) => write!(f, "{at}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl ThemeError {
    /// A TOML error (syntax, or a value refused while reading it) with its place in `text`.
    pub(crate) fn from_toml(text: &str, e: &toml::de::Error) -> ThemeError {
        ThemeError {
            at: e.span().map(|s| Location::of(text, s.start)),
            message: crate::quote::tidy(e.message().trim()),
        }
    }
}

/// A style written as words (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq)]
struct StyleSpec(Style);

impl FromStr for StyleSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<StyleSpec, String> {
        let mut style = Style::new();
        let mut words = s.split_whitespace();
        while let Some(w) = words.next() {
            let lw = w.to_ascii_lowercase();
            let modifier = match lw.as_str() {
                "bold" => Some(Modifier::BOLD),
                "dim" => Some(Modifier::DIM),
                "italic" => Some(Modifier::ITALIC),
                "underline" | "underlined" => Some(Modifier::UNDERLINED),
                "reversed" | "reverse" => Some(Modifier::REVERSED),
                _ => None,
            };
            if let Some(m) = modifier {
                style = style.add_modifier(m);
            } else if lw == "on" {
                let c = words
                    .next()
                    .ok_or_else(|| format!("{}: a colour must follow 'on'", Quoted(s)))?;
                style = style.bg(parse_colour(c)?);
            } else {
                if style.fg.is_some() {
                    return Err(format!(
                        "{}: two foreground colours (use 'on' for the background)",
                        Quoted(s)
                    ));
                }
                style = style.fg(parse_colour(w)?);
            }
        }
        Ok(StyleSpec(style))
    }
}

fn parse_colour(w: &str) -> Result<Color, String> {
    if w.eq_ignore_ascii_case("default") {
        return Ok(Color::Reset);
    }
    Color::from_str(w).map_err(|_| {
        format!(
            "unknown colour {} (use a name like red or lightblue, #rrggbb, 0-255 or default)",
            Quoted(w)
        )
    })
}

impl<'de> Deserialize<'de> for StyleSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A colour on its own (for the Iris pair list).
#[derive(Clone, Copy, Debug, PartialEq)]
struct ColourSpec(Color);

impl<'de> Deserialize<'de> for ColourSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        parse_colour(s.trim())
            .map(ColourSpec)
            .map_err(serde::de::Error::custom)
    }
}

/// The file as written: every key optional, unknown keys refused.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ThemeFile {
    name: Option<String>,
    #[serde(default)]
    board: BoardSection,
    #[serde(default)]
    ui: UiSection,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct BoardSection {
    board: Option<StyleSpec>,
    coords: Option<StyleSpec>,
    point: Option<StyleSpec>,
    black: Option<StyleSpec>,
    white: Option<StyleSpec>,
    neutral: Option<StyleSpec>,
    cursor: Option<StyleSpec>,
    last: Option<StyleSpec>,
    legal: Option<StyleSpec>,
    claim_first: Option<StyleSpec>,
    claim_second: Option<StyleSpec>,
    own_first: Option<StyleSpec>,
    own_second: Option<StyleSpec>,
    own_free: Option<StyleSpec>,
    own_neutral: Option<StyleSpec>,
    pairs: Option<Vec<ColourSpec>>,
    pair_letters: Option<bool>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct UiSection {
    text: Option<StyleSpec>,
    dim: Option<StyleSpec>,
    title: Option<StyleSpec>,
    accent: Option<StyleSpec>,
    selected: Option<StyleSpec>,
    error: Option<StyleSpec>,
    key: Option<StyleSpec>,
    bar_first: Option<StyleSpec>,
    bar_second: Option<StyleSpec>,
}

impl Theme {
    /// A theme that draws everything in the terminal's default colours; the fallback of last
    /// resort, and the base that theme files fill in.
    fn blank(name: &str) -> Theme {
        let s = Style::new();
        Theme {
            name: name.to_string(),
            board: s,
            coords: s,
            point: s,
            black: s,
            white: s,
            neutral: s,
            cursor: s.add_modifier(Modifier::REVERSED),
            last: s.add_modifier(Modifier::BOLD),
            legal: s.add_modifier(Modifier::BOLD),
            claim_first: s,
            claim_second: s,
            own_first: s,
            own_second: s,
            own_free: s,
            own_neutral: s,
            pairs: Vec::new(),
            pair_letters: true,
            text: s,
            dim: s,
            title: s.add_modifier(Modifier::BOLD),
            accent: s.add_modifier(Modifier::BOLD),
            selected: s.add_modifier(Modifier::REVERSED),
            error: s.add_modifier(Modifier::BOLD),
            key: s.add_modifier(Modifier::BOLD),
            bar_first: s,
            bar_second: s,
        }
    }

    /// Reads a theme from TOML text; keys left out are taken from `base`.
    pub fn parse(text: &str, base: &Theme) -> Result<Theme, ThemeError> {
        let file: ThemeFile = toml::from_str(text).map_err(|e| ThemeError::from_toml(text, &e))?;
        let mut t = base.clone();
        if let Some(n) = file.name {
            t.name = n;
        }
        macro_rules! take {
            ($section:expr, $($field:ident),*) => {
                $(if let Some(StyleSpec(s)) = $section.$field { t.$field = s; })*
            };
        }
        let b = file.board;
        take!(b, board, coords, point, black, white, neutral, cursor, last, legal);
        take!(
            b,
            claim_first,
            claim_second,
            own_first,
            own_second,
            own_free,
            own_neutral
        );
        if let Some(p) = b.pairs {
            t.pairs = p.into_iter().map(|ColourSpec(c)| c).collect();
        }
        if let Some(l) = b.pair_letters {
            t.pair_letters = l;
        }
        let u = file.ui;
        take!(u, text, dim, title, accent, selected, error, key, bar_first, bar_second);
        Ok(t)
    }

    /// A built-in theme by name (`default`, `classic`, `high-contrast`, `mono`).
    pub fn built_in(name: &str) -> Option<Theme> {
        let (_, text) = BUILT_IN
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))?;
        let base = if name.eq_ignore_ascii_case("default") {
            Theme::blank("default")
        } else {
            Theme::default()
        };
        Some(Theme::parse(text, &base).expect("built-in themes are valid (tested)"))
    }

    /// Names of the built-in themes, in order.
    pub fn built_in_names() -> Vec<&'static str> {
        BUILT_IN.iter().map(|(n, _)| *n).collect()
    }

    /// The same theme with every colour removed and the modifiers kept (for `NO_COLOR`).
    pub fn without_colour(&self) -> Theme {
        fn strip(s: Style) -> Style {
            Style {
                fg: None,
                bg: None,
                ..s
            }
        }
        let mut t = Theme::blank(&self.name);
        macro_rules! keep {
            ($($field:ident),*) => { $(t.$field = strip(self.$field);)* };
        }
        keep!(board, coords, point, black, white, neutral, cursor, last, legal);
        keep!(
            claim_first,
            claim_second,
            own_first,
            own_second,
            own_free,
            own_neutral
        );
        keep!(text, dim, title, accent, selected, error, key, bar_first, bar_second);
        // Without colour the cursor, the selection and the bar must still show.
        if !t.cursor.add_modifier.contains(Modifier::REVERSED) {
            t.cursor = t.cursor.add_modifier(Modifier::REVERSED);
        }
        if !t.selected.add_modifier.contains(Modifier::REVERSED) {
            t.selected = t.selected.add_modifier(Modifier::REVERSED);
        }
        t.pairs = Vec::new();
        t.pair_letters = true;
        t
    }

    /// Whether the theme uses any colour for Iris pairs.
    pub fn has_pair_colours(&self) -> bool {
        !self.pairs.is_empty()
    }

    /// The background colour of Iris pair `label`, if the theme has pair colours.
    pub fn pair_colour(&self, label: u16) -> Option<Color> {
        (!self.pairs.is_empty()).then(|| self.pairs[label as usize % self.pairs.len()])
    }

    /// Claim marker style of a side.
    pub fn claim(&self, side: crate::games::Side) -> Style {
        match side {
            crate::games::Side::First => self.claim_first,
            crate::games::Side::Second => self.claim_second,
        }
    }
}

impl Default for Theme {
    /// The `default` theme.
    fn default() -> Theme {
        Theme::parse(BUILT_IN[0].1, &Theme::blank("default"))
            .expect("the default theme is valid (tested)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_theme_parses_and_is_complete() {
        for (name, text) in BUILT_IN {
            let t = Theme::parse(text, &Theme::blank("x"))
                .unwrap_or_else(|e| panic!("theme {name}: {e}"));
            assert_eq!(t.name, name);
            assert!(Theme::built_in(name).is_some());
        }
    }

    #[test]
    fn style_words_parse() {
        let s: StyleSpec = "black on #c8a060 bold underline".parse().unwrap();
        assert_eq!(s.0.fg, Some(Color::Black));
        assert_eq!(s.0.bg, Some(Color::Rgb(0xc8, 0xa0, 0x60)));
        assert!(s
            .0
            .add_modifier
            .contains(Modifier::BOLD | Modifier::UNDERLINED));
        assert_eq!(
            "default".parse::<StyleSpec>().unwrap().0.fg,
            Some(Color::Reset)
        );
        assert!("red green".parse::<StyleSpec>().is_err());
        assert!("on".parse::<StyleSpec>().is_err());
        assert!("purplish".parse::<StyleSpec>().is_err());
    }

    #[test]
    fn a_bad_theme_names_the_line() {
        let text = "name = \"x\"\n[board]\nblack = \"black\"\nwhite = \"chartreuse-ish\"\n";
        let e = Theme::parse(text, &Theme::default()).unwrap_err();
        assert_eq!(e.at.map(|l| (l.line, l.column)), Some((4, 9)), "{e}");
        assert!(e.message.contains("chartreuse-ish"), "{e}");
        assert!(e.to_string().starts_with("line 4, column 9: "), "{e}");
        let e = Theme::parse("[board]\nstones = \"red\"\n", &Theme::default()).unwrap_err();
        assert_eq!(e.at.map(|l| l.line), Some(2), "{e}");
        // A byte-order mark inside a colour name is shown escaped.
        let e = Theme::parse("[board]\nblack = \"\u{feff}red\"\n", &Theme::default());
        let e = e.unwrap_err().to_string();
        assert!(e.contains("'\\u{feff}red'"), "{e}");
    }

    #[test]
    fn missing_keys_come_from_the_base() {
        let t = Theme::parse("[board]\nblack = \"red\"\n", &Theme::default()).unwrap();
        assert_eq!(t.black.fg, Some(Color::Red));
        assert_eq!(t.white, Theme::default().white);
    }

    #[test]
    fn no_color_strips_colours_but_keeps_the_cursor_visible() {
        let t = Theme::default().without_colour();
        for s in [
            t.board, t.black, t.white, t.cursor, t.last, t.text, t.selected,
        ] {
            assert_eq!((s.fg, s.bg), (None, None));
        }
        assert!(t.cursor.add_modifier.contains(Modifier::REVERSED));
        assert!(!t.has_pair_colours() && t.pair_letters);
    }

    #[test]
    fn mono_uses_no_colour() {
        let t = Theme::built_in("mono").unwrap();
        assert_eq!(t, {
            let mut s = t.without_colour();
            s.name = t.name.clone();
            s
        });
    }
}
