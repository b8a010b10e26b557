//! The command line.

use std::time::Duration;

use halma::Side;

use halma::{DEFAULT_LEVEL, Limits};

/// The usage text printed by `--help`.
pub const USAGE: &str = "\
play Halma against the computer

usage: cargo run --release -p halma-play -- [options]

options:
  --side x|o       the side you play (also --play-as); x starts bottom right and moves
                   first, o starts top left (default x)
  --level N        the computer's level, 1 (easiest) to 10 (strongest)
  --movetime MS    full strength, thinking up to MS milliseconds a move
  --depth N        full strength, searching N plies deep (repeatable play)
  --nodes N        full strength, searching about N nodes a move (repeatable play)
                   (--movetime, --depth and --nodes combine, the first limit reached
                   ends a search; they replace the level until `level N` is typed)
  --no-color       plain text even on a terminal (so does the NO_COLOR variable)
  --help           this text

type help at the prompt for the commands";

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
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(depth) = self.depth {
            parts.push(format!("depth {depth}"));
        }
        if let Some(nodes) = self.nodes {
            parts.push(format!("{nodes} nodes"));
        }
        if let Some(time) = self.time {
            parts.push(format!("{} ms", time.as_millis()));
        }
        parts.join(", ")
    }
}

/// What `main` does.
#[derive(Debug)]
pub enum Parsed {
    /// Play with these options.
    Play(Options),
    /// Print the usage.
    Help,
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
/// work. The error is a one-line message.
pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Parsed, String> {
    let mut options = Options::default();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) => (name.to_owned(), Some(value.to_owned())),
            None => (arg, None),
        };
        match name.as_str() {
            "--help" | "-h" => return Ok(Parsed::Help),
            "--no-color" | "--no-colour" => options.no_color = true,
            "--side" | "--play-as" => {
                options.human = parse_side(&value(&name, inline, &mut args)?)?;
            }
            "--level" => options.level = parse_level(&value(&name, inline, &mut args)?)?,
            "--movetime" => {
                let ms = parse_number(&name, &value(&name, inline, &mut args)?)?;
                options.fixed.time = Some(Duration::from_millis(ms));
            }
            "--depth" => {
                let depth = parse_number(&name, &value(&name, inline, &mut args)?)?;
                options.fixed.depth = Some(u32::try_from(depth).unwrap_or(u32::MAX));
            }
            "--nodes" => {
                options.fixed.nodes = Some(parse_number(&name, &value(&name, inline, &mut args)?)?);
            }
            _ => return Err(format!("unknown option {name:?} (try --help)")),
        }
    }
    Ok(Parsed::Play(options))
}

/// The value of option `name`: after `=`, or the next argument.
fn value(
    name: &str,
    inline: Option<String>,
    args: &mut impl Iterator<Item = String>,
) -> Result<String, String> {
    inline
        .or_else(|| args.next())
        .ok_or_else(|| format!("{name} needs a value (try --help)"))
}

/// `x` or `o`.
pub fn parse_side(text: &str) -> Result<Side, String> {
    match text {
        "x" | "X" => Ok(Side::X),
        "o" | "O" => Ok(Side::O),
        _ => Err(format!("{text:?} is not a side: choose x or o")),
    }
}

/// A level, 1 to 10.
pub fn parse_level(text: &str) -> Result<u8, String> {
    match text.parse::<u8>() {
        Ok(level @ 1..=10) => Ok(level),
        _ => Err(format!("{text:?} is not a level: choose 1 to 10")),
    }
}

/// A positive whole number for option `name`.
fn parse_number(name: &str, text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(number) if number > 0 => Ok(number),
        _ => Err(format!(
            "{name} needs a positive whole number, not {text:?}"
        )),
    }
}
