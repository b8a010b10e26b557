//! What the player types at the prompt.
//!
//! Commands are words of the player's language (`play.command.*` in the language files, the
//! first word of each the one shown) and always their English words too; moves and squares
//! are written as everywhere (`l2-k3`, `n2`).

use halma::Square;
use halma_i18n::english;

use crate::text::{self, Words};

/// A command's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word {
    Moves,
    Hint,
    Undo,
    Level,
    New,
    Save,
    Load,
    Board,
    Rules,
    Help,
    Quit,
}

impl Word {
    /// Every command, in the order `help` lists them.
    const ALL: [Word; 11] = [
        Word::Moves,
        Word::Hint,
        Word::Undo,
        Word::Level,
        Word::New,
        Word::Save,
        Word::Load,
        Word::Board,
        Word::Rules,
        Word::Help,
        Word::Quit,
    ];

    /// The key of its words in the language files.
    fn key(self) -> &'static str {
        match self {
            Word::Moves => "play.command.moves",
            Word::Hint => "play.command.hint",
            Word::Undo => "play.command.undo",
            Word::Level => "play.command.level",
            Word::New => "play.command.new",
            Word::Save => "play.command.save",
            Word::Load => "play.command.load",
            Word::Board => "play.command.board",
            Word::Rules => "play.command.rules",
            Word::Help => "play.command.help",
            Word::Quit => "play.command.quit",
        }
    }

    /// The key of its line in `help`.
    fn help(self) -> &'static str {
        match self {
            Word::Moves => "play.help.moves",
            Word::Hint => "play.help.hint",
            Word::Undo => "play.help.undo",
            Word::Level => "play.help.level",
            Word::New => "play.help.new",
            Word::Save => "play.help.save",
            Word::Load => "play.help.load",
            Word::Board => "play.help.board",
            Word::Rules => "play.help.rules",
            Word::Help => "play.help.help",
            Word::Quit => "play.help.quit",
        }
    }

    /// The word shown for it in `words`' language.
    pub fn shown(self, words: Words) -> &'static str {
        first_word(words.text(self.key()))
    }

    /// Whether `typed` (lower case) names it, in `words`' language or in English.
    fn is(self, typed: &str, words: Words) -> bool {
        [words, english()].iter().any(|language| {
            language
                .text(self.key())
                .split_whitespace()
                .any(|w| w == typed)
        }) || match self {
            Word::Help => typed == "?",
            Word::Quit => typed == "exit" || typed == "q",
            _ => false,
        }
    }
}

/// The first word of a list of words.
fn first_word(words: &str) -> &str {
    words.split_whitespace().next().unwrap_or(words)
}

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// An empty line.
    Nothing,
    /// Move text: `from-to` or a hop path.
    Play(String),
    /// Where one piece (or every piece) can go.
    Moves(Option<Square>),
    /// The engine's suggestion.
    Hint,
    /// Take back the player's last move and the reply.
    Undo,
    /// Show or set the level.
    Level(Option<String>),
    /// A new game, maybe with the other side.
    New(Option<String>),
    /// Save the game record to a file.
    Save(String),
    /// Load a game record from a file.
    Load(String),
    /// Draw the board.
    Board,
    /// Show the rules.
    Rules,
    /// List the commands.
    Help,
    /// Leave.
    Quit,
}

/// A line that is no command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// Neither a move nor a command.
    Unknown(String),
    /// A command that takes nothing was given something.
    NoArgument(String),
    /// `save` or `load` without a file name.
    NeedsFile(String),
    /// Not a square name.
    NotSquare(String),
}

impl CommandError {
    /// The one-line message for the player.
    pub fn describe(&self, words: Words) -> String {
        match self {
            CommandError::Unknown(line) => words.format(
                "play.error.not_command",
                &[
                    ("line", &format!("{line:?}")),
                    ("help", &Word::Help.shown(words)),
                ],
            ),
            CommandError::NoArgument(word) => {
                words.format("play.error.no_argument", &[("word", word)])
            }
            CommandError::NeedsFile(word) => words.format(
                "play.error.needs_file",
                &[("word", word), ("file", &words.text("play.meta.file"))],
            ),
            CommandError::NotSquare(text) => {
                words.format("play.error.not_square", &[("text", &format!("{text:?}"))])
            }
        }
    }
}

/// Reads one line, its commands in `words`' language (or English).
pub fn parse(line: &str, words: Words) -> Result<Command, CommandError> {
    let line = line.trim();
    let (typed, rest) = match line.split_once(char::is_whitespace) {
        Some((typed, rest)) => (typed, Some(rest.trim())),
        None => (line, None),
    };
    let typed = typed.to_lowercase();
    if typed.is_empty() {
        return Ok(Command::Nothing);
    }
    let Some(word) = Word::ALL.into_iter().find(|word| word.is(&typed, words)) else {
        return match rest {
            None if typed.contains('-') => Ok(Command::Play(typed)),
            None if typed.parse::<Square>().is_ok() => {
                parse_square(&typed).map(|square| Command::Moves(Some(square)))
            }
            _ => Err(CommandError::Unknown(line.to_owned())),
        };
    };
    let alone = |command: Command| match rest {
        None => Ok(command),
        Some(_) => Err(CommandError::NoArgument(typed.clone())),
    };
    let file = || {
        rest.map(str::to_owned)
            .ok_or_else(|| CommandError::NeedsFile(typed.clone()))
    };
    match word {
        Word::Moves => match rest {
            None => Ok(Command::Moves(None)),
            Some(text) => parse_square(text).map(|square| Command::Moves(Some(square))),
        },
        Word::Hint => alone(Command::Hint),
        Word::Undo => alone(Command::Undo),
        Word::Level => Ok(Command::Level(rest.map(str::to_owned))),
        Word::New => Ok(Command::New(rest.map(str::to_owned))),
        Word::Save => file().map(Command::Save),
        Word::Load => file().map(Command::Load),
        Word::Board => alone(Command::Board),
        Word::Rules => alone(Command::Rules),
        Word::Help => alone(Command::Help),
        Word::Quit => alone(Command::Quit),
    }
}

/// A square name, lower case or not.
fn parse_square(text: &str) -> Result<Square, CommandError> {
    text.to_ascii_lowercase()
        .parse()
        .map_err(|_| CommandError::NotSquare(text.to_owned()))
}

/// The list of commands, in `words`' language.
pub fn help(words: Words) -> String {
    let square = words.text("play.meta.square");
    let file = words.text("play.meta.file");
    let syntax = |word: Word| {
        let name = word.shown(words);
        match word {
            Word::Moves => format!("{name} [{square}]"),
            Word::Level => format!("{name} [N]"),
            Word::New => format!("{name} [x|o]"),
            Word::Save | Word::Load => format!("{name} {file}"),
            _ => name.to_owned(),
        }
    };
    let mut rows = vec![(
        "l2-k3, n2-n4-n6".to_owned(),
        words.text("play.help.play").to_owned(),
    )];
    for word in Word::ALL {
        let line = words.format(word.help(), &[("save", &Word::Save.shown(words))]);
        rows.push((syntax(word), line));
    }
    let mut text = words.text("play.help.title").to_owned();
    text.push('\n');
    text.push_str(&text::table(&rows));
    if Word::ALL
        .iter()
        .any(|word| word.shown(words) != word.shown(english()))
    {
        text.push('\n');
        text.push_str(words.text("play.help.english"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn english_parse(line: &str) -> Result<Command, CommandError> {
        parse(line, english())
    }

    #[test]
    fn commands_moves_and_squares() {
        assert_eq!(english_parse("  "), Ok(Command::Nothing));
        assert_eq!(english_parse("HINT"), Ok(Command::Hint));
        assert_eq!(english_parse("l2-k3"), Ok(Command::Play("l2-k3".into())));
        assert_eq!(
            english_parse("N2"),
            Ok(Command::Moves(Some("n2".parse().unwrap())))
        );
        assert_eq!(english_parse("save a b"), Ok(Command::Save("a b".into())));
        assert_eq!(english_parse("?"), Ok(Command::Help));
        assert_eq!(
            english_parse("hint me"),
            Err(CommandError::NoArgument("hint".into()))
        );
        assert_eq!(
            english_parse("load"),
            Err(CommandError::NeedsFile("load".into()))
        );
        assert_eq!(
            english_parse("moves z9"),
            Err(CommandError::NotSquare("z9".into()))
        );
    }

    #[test]
    fn a_language_s_words_and_english_both_work() {
        let malay = halma_i18n::find("ms").expect("ms.json");
        assert_eq!(parse("petunjuk", malay), Ok(Command::Hint));
        assert_eq!(parse("hint", malay), Ok(Command::Hint));
        assert_eq!(parse("Keluar", malay), Ok(Command::Quit));
        assert_eq!(parse("baru x", malay), Ok(Command::New(Some("x".into()))));
        // English does not take Malay words.
        assert!(parse("petunjuk", english()).is_err());
    }
}
