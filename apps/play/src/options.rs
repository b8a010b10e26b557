//! The command line.

use std::time::Duration;

use halma::{DEFAULT_LEVEL, Limits, Side};
use halma_i18n::Catalog;

use crate::command::Word;
use crate::text::{self, Words};

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The side the player takes.
    pub human: Side,
    /// The computer's level, 1..=10.
    pub level: u8,
    /// Extra limits on every search.
    pub fixed: FixedLimits,
    /// Colour switched off by `--no-color`.
    pub no_color: bool,
}

/// Limits the command line adds to the level's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FixedLimits {
    /// `--depth`.
    pub depth: Option<u32>,
    /// `--nodes`.
    pub nodes: Option<u64>,
    /// `--movetime`.
    pub time: Option<Duration>,
}

impl FixedLimits {
    /// The search limits, when any is set.
    pub fn limits(&self) -> Option<Limits> {
        if *self == FixedLimits::default() {
            return None;
        }
        // A zero limit is no limit.
        Some(
            Limits::depth(self.depth.unwrap_or(0))
                .with_nodes(self.nodes.unwrap_or(0))
                .with_time(self.time.unwrap_or_default()),
        )
    }

    /// `"depth 3, 2000 ms"`: the limits that are set.
    pub fn describe(&self, words: Words) -> String {
        let mut parts = Vec::new();
        if let Some(depth) = self.depth {
            parts.push(words.format("play.limit.depth", &[("depth", &depth)]));
        }
        if let Some(nodes) = self.nodes {
            parts.push(words.format("play.limit.nodes", &[("nodes", &nodes)]));
        }
        if let Some(time) = self.time {
            parts.push(words.format("play.limit.time", &[("ms", &time.as_millis())]));
        }
        parts.join(", ")
    }
}

/// What `main` does.
#[derive(Debug)]
pub enum Action {
    /// Play with these options.
    Play(Options),
    /// Print the usage.
    Help,
}

/// The command line read: the language it asks for, and what to do or why not.
#[derive(Debug)]
pub struct Parsed {
    /// `--lang`, when given and known.
    pub language: Option<&'static Catalog>,
    /// What to do, or the first mistake.
    pub action: Result<Action, OptionError>,
}

/// A mistake on the command line, or in a value typed at the prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No such option.
    Unknown(String),
    /// The option needs a value and has none.
    NeedsValue(String),
    /// The option needs a positive whole number.
    NotNumber { name: String, text: String },
    /// Not `x` or `o`.
    NotSide(String),
    /// Not 1 to 10.
    NotLevel(String),
    /// No file of this language.
    NotLanguage(String),
}

impl OptionError {
    /// The one-line message for the player.
    pub fn describe(&self, words: Words) -> String {
        let quoted = |text: &str| format!("{text:?}");
        match self {
            OptionError::Unknown(name) => {
                words.format("play.error.unknown_option", &[("name", &quoted(name))])
            }
            OptionError::NeedsValue(name) => {
                words.format("play.error.needs_value", &[("name", name)])
            }
            OptionError::NotNumber { name, text } => words.format(
                "play.error.not_number",
                &[("name", name), ("text", &quoted(text))],
            ),
            OptionError::NotSide(text) => {
                words.format("play.error.not_side", &[("text", &quoted(text))])
            }
            OptionError::NotLevel(text) => {
                words.format("play.error.not_level", &[("text", &quoted(text))])
            }
            OptionError::NotLanguage(text) => words.format(
                "play.error.not_language",
                &[("text", &quoted(text)), ("languages", &languages(", "))],
            ),
        }
    }
}

/// The tags of the languages, separated by `separator`: `"en, ms, th"`.
fn languages(separator: &str) -> String {
    halma_i18n::catalogs()
        .iter()
        .map(Catalog::tag)
        .collect::<Vec<_>>()
        .join(separator)
}

/// The usage text printed by `--help`, in `words`' language.
pub fn usage(words: Words) -> String {
    let option = |syntax: &str, key: &str, args: &[(&str, &dyn std::fmt::Display)]| {
        (syntax.to_owned(), words.format(key, args))
    };
    let level = Word::Level.shown(words);
    let rows = [
        option("--side x|o", "play.option.side", &[]),
        option("--level N", "play.option.level", &[]),
        option("--movetime N", "play.option.movetime", &[]),
        option("--depth N", "play.option.depth", &[]),
        option("--nodes N", "play.option.nodes", &[("level", &level)]),
        option(
            &format!("--lang {}", languages("|")),
            "play.option.lang",
            &[("languages", &languages(", "))],
        ),
        option("--no-color", "play.option.no_color", &[]),
        option("--help", "play.option.help", &[]),
    ];
    [
        words.text("play.usage.about").to_owned(),
        String::new(),
        words.format(
            "play.usage.usage",
            &[("command", &"cargo run --release -p halma-play --")],
        ),
        String::new(),
        words.text("play.usage.options").to_owned(),
        text::table(&rows),
        String::new(),
        words.format("play.usage.commands", &[("help", &Word::Help.shown(words))]),
    ]
    .join("\n")
}

impl Default for Options {
    fn default() -> Options {
        Options {
            human: Side::X,
            level: DEFAULT_LEVEL,
            fixed: FixedLimits::default(),
            no_color: false,
        }
    }
}

/// Reads the arguments (without the program name). `--name value` and `--name=value` both
/// work. All of them are read, so that `--lang` counts even after a mistake, which is then
/// said in that language.
pub fn parse(args: impl IntoIterator<Item = String>) -> Parsed {
    let mut options = Options::default();
    let mut language = None;
    let mut help = false;
    let mut mistake = None;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) => (name.to_owned(), Some(value.to_owned())),
            None => (arg, None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| args.next())
                .ok_or_else(|| OptionError::NeedsValue(name.clone()))
        };
        let read = match name.as_str() {
            "--help" | "-h" => {
                help = true;
                Ok(())
            }
            "--no-color" | "--no-colour" => {
                options.no_color = true;
                Ok(())
            }
            "--lang" => value().and_then(|text| {
                language = Some(halma_i18n::find(&text).ok_or(OptionError::NotLanguage(text))?);
                Ok(())
            }),
            "--side" | "--play-as" => value()
                .and_then(|text| parse_side(&text))
                .map(|side| options.human = side),
            "--level" => value()
                .and_then(|text| parse_level(&text))
                .map(|level| options.level = level),
            "--movetime" => value()
                .and_then(|text| parse_number(&name, &text))
                .map(|ms| options.fixed.time = Some(Duration::from_millis(ms))),
            "--depth" => value()
                .and_then(|text| parse_number(&name, &text))
                .map(|depth| options.fixed.depth = Some(u32::try_from(depth).unwrap_or(u32::MAX))),
            "--nodes" => value()
                .and_then(|text| parse_number(&name, &text))
                .map(|nodes| options.fixed.nodes = Some(nodes)),
            _ => Err(OptionError::Unknown(name.clone())),
        };
        if let Err(error) = read {
            mistake.get_or_insert(error);
        }
    }
    let action = match mistake {
        Some(error) => Err(error),
        None if help => Ok(Action::Help),
        None => Ok(Action::Play(options)),
    };
    Parsed { language, action }
}

/// `x` or `o`.
pub fn parse_side(text: &str) -> Result<Side, OptionError> {
    match text {
        "x" | "X" => Ok(Side::X),
        "o" | "O" => Ok(Side::O),
        _ => Err(OptionError::NotSide(text.to_owned())),
    }
}

/// A level, 1 to 10.
pub fn parse_level(text: &str) -> Result<u8, OptionError> {
    match text.parse::<u8>() {
        Ok(level @ 1..=10) => Ok(level),
        _ => Err(OptionError::NotLevel(text.to_owned())),
    }
}

/// A positive whole number for option `name`.
fn parse_number(name: &str, text: &str) -> Result<u64, OptionError> {
    match text.parse::<u64>() {
        Ok(number) if number > 0 => Ok(number),
        _ => Err(OptionError::NotNumber {
            name: name.to_owned(),
            text: text.to_owned(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_all(args: &[&str]) -> Parsed {
        parse(args.iter().map(|arg| arg.to_string()))
    }

    #[test]
    fn options_are_read_with_or_without_equals() {
        let parsed = parse_all(&["--side=o", "--level", "3", "--nodes=500", "--lang", "th-TH"]);
        let Ok(Action::Play(options)) = parsed.action else {
            panic!("{:?}", parsed.action)
        };
        assert_eq!(options.human, Side::O);
        assert_eq!(options.level, 3);
        assert_eq!(options.fixed.nodes, Some(500));
        assert_eq!(parsed.language.map(Catalog::tag), Some("th"));
    }

    #[test]
    fn the_language_counts_even_after_a_mistake() {
        let parsed = parse_all(&["--level", "0", "--lang=ms"]);
        assert_eq!(
            parsed.action.unwrap_err(),
            OptionError::NotLevel("0".into())
        );
        assert_eq!(parsed.language.map(Catalog::tag), Some("ms"));
        let parsed = parse_all(&["--lang", "fr"]);
        assert_eq!(
            parsed.action.unwrap_err(),
            OptionError::NotLanguage("fr".into())
        );
        assert_eq!(
            parse_all(&["--lang"]).action.unwrap_err(),
            OptionError::NeedsValue("--lang".into())
        );
    }
}
