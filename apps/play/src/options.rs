//! The command line.

use std::error::Error as _;
use std::time::Duration;

use clap::builder::ValueParser;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{ArgMatches, CommandFactory, FromArgMatches, Parser};

use halma::{DEFAULT_LEVEL, Limits, Side};
use halma_i18n::Catalog;

use crate::command::Word;
use crate::text::Words;

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

/// A mistake on the command line, or in a value typed at the prompt; its `Display` is
/// English, [`OptionError::describe`] the player's language.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.describe(halma_i18n::english()))]
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

/// The command line as clap reads it; every text of its help is in the player's language
/// ([`command`]).
#[derive(Parser, Debug)]
#[command(
    name = "halma-play",
    disable_help_flag = true,
    args_override_self = true
)]
struct Args {
    #[arg(long, alias = "play-as", value_name = "x|o", value_parser = parse_side)]
    side: Option<Side>,
    #[arg(long, value_name = "N", value_parser = parse_level)]
    level: Option<u8>,
    #[arg(long, value_name = "N", value_parser = number("--movetime"))]
    movetime: Option<u64>,
    #[arg(long, value_name = "N", value_parser = number("--depth"))]
    depth: Option<u64>,
    #[arg(long, value_name = "N", value_parser = number("--nodes"))]
    nodes: Option<u64>,
    #[arg(long)]
    lang: Option<String>,
    #[arg(long, alias = "no-colour")]
    no_color: bool,
    #[arg(long, short = 'h')]
    help: bool,
}

/// The clap command of [`Args`] with its help in `words`' language: the about line, the
/// usage, each option's text and the closing line all come from the language files.
fn command(words: Words) -> clap::Command {
    let level = Word::Level.shown(words);
    let template = [
        "{about}".to_owned(),
        String::new(),
        words.format(
            "play.usage.usage",
            &[("command", &"cargo run --release -p halma-play --")],
        ),
        String::new(),
        words.text("play.usage.options").to_owned(),
        "{options}".to_owned(),
        String::new(),
        words.format("play.usage.commands", &[("help", &Word::Help.shown(words))]),
    ]
    .join("\n");
    let help = |key: &str, args: &[(&str, &dyn std::fmt::Display)]| words.format(key, args);
    Args::command()
        .about(words.text("play.usage.about").to_owned())
        .help_template(template)
        .mut_arg("side", |arg| arg.help(help("play.option.side", &[])))
        .mut_arg("level", |arg| arg.help(help("play.option.level", &[])))
        .mut_arg("movetime", |arg| {
            arg.help(help("play.option.movetime", &[]))
        })
        .mut_arg("depth", |arg| arg.help(help("play.option.depth", &[])))
        .mut_arg("nodes", |arg| {
            arg.help(help("play.option.nodes", &[("level", &level)]))
        })
        .mut_arg("lang", |arg| {
            arg.value_name(languages("|"))
                .help(help("play.option.lang", &[("languages", &languages(", "))]))
        })
        .mut_arg("no_color", |arg| {
            arg.help(help("play.option.no_color", &[]))
        })
        .mut_arg("help", |arg| arg.help(help("play.option.help", &[])))
}

/// The usage text printed by `--help`, in `words`' language.
pub fn usage(words: Words) -> String {
    command(words)
        .render_help()
        .to_string()
        .trim_end()
        .to_owned()
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

/// Reads the command line. `--name value` and `--name=value` both work. `--lang` is read
/// first, so that it counts even after a bad value, which is then said in that language (an
/// unknown option before it is said in the environment's language).
pub fn parse() -> Parsed {
    parse_with(|command| command.try_get_matches())
}

/// [`parse`] with the arguments `read` gives the command (the process's, or a test's).
fn parse_with(read: impl Fn(clap::Command) -> Result<ArgMatches, clap::Error>) -> Parsed {
    let english = halma_i18n::english();
    // Every value taken as it is, so that a bad one does not hide `--lang`.
    let lang = read(
        command(english)
            .mut_args(|arg| arg.value_parser(ValueParser::string()))
            .ignore_errors(true),
    )
    .ok()
    .and_then(|matches| matches.get_one::<String>("lang").cloned());
    let language = lang.as_deref().and_then(halma_i18n::find);
    let action = read(command(english))
        .and_then(|matches| Args::from_arg_matches(&matches))
        .map_err(|error| mistake(&error))
        .and_then(|args| action(args, lang.as_deref()));
    Parsed { language, action }
}

/// What `args` ask for, or the mistake in them (`lang` the language asked for, if any).
fn action(args: Args, lang: Option<&str>) -> Result<Action, OptionError> {
    if let Some(text) = lang
        && halma_i18n::find(text).is_none()
    {
        return Err(OptionError::NotLanguage(text.to_owned()));
    }
    if args.help {
        return Ok(Action::Help);
    }
    let defaults = Options::default();
    Ok(Action::Play(Options {
        human: args.side.unwrap_or(defaults.human),
        level: args.level.unwrap_or(defaults.level),
        fixed: FixedLimits {
            depth: args
                .depth
                .map(|depth| u32::try_from(depth).unwrap_or(u32::MAX)),
            nodes: args.nodes,
            time: args.movetime.map(Duration::from_millis),
        },
        no_color: args.no_color,
    }))
}

/// The mistake clap found, as the player is told it: a value refused by one of this module's
/// parsers is that parser's error; otherwise the option clap names.
fn mistake(error: &clap::Error) -> OptionError {
    if let Some(mistake) = error
        .source()
        .and_then(|source| source.downcast_ref::<OptionError>())
    {
        return mistake.clone();
    }
    let name = match error.get(ContextKind::InvalidArg) {
        Some(ContextValue::String(text)) => text.split(' ').next().unwrap_or(text).to_owned(),
        _ => String::new(),
    };
    match error.kind() {
        ErrorKind::InvalidValue => OptionError::NeedsValue(name),
        _ => OptionError::Unknown(name),
    }
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

/// The parser of a positive whole number for option `name`.
fn number(name: &'static str) -> impl Fn(&str) -> Result<u64, OptionError> + Clone {
    move |text| match text.parse::<u64>() {
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
        let args: Vec<&str> = std::iter::once("halma-play")
            .chain(args.iter().copied())
            .collect();
        parse_with(|command| command.try_get_matches_from(&args))
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
