//! What the player types at the prompt.

use halma::Square;

/// The commands, as `help` lists them.
pub const HELP: &str = "\
commands:
  l2-k3, n2-n4-n6   play a move: from-to, or the whole hop path
  moves [SQUARE]    where the piece on SQUARE can go (typing just the square works too);
                    without SQUARE, all your moves
  hint              ask the computer for a move
  undo              take back your last move and the computer's reply
  level [N]         show or set the computer's level, 1 (easiest) to 10 (strongest)
  new [x|o]         start a new game (and choose your side)
  save FILE         save the game to FILE: the start position, then the moves
  load FILE         load a game saved with save
  board             draw the board again
  help              this list
  quit              leave (end of input does too); Ctrl-C makes the computer move now
                    while it thinks, and quits at the prompt";

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
    /// List the commands.
    Help,
    /// Leave.
    Quit,
}

/// Reads one line. The error is a one-line message for the player.
pub fn parse(line: &str) -> Result<Command, String> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, Some(rest.trim())),
        None => (line, None),
    };
    let word = word.to_ascii_lowercase();
    match word.as_str() {
        "" => Ok(Command::Nothing),
        "help" | "?" => no_argument(Command::Help, &word, rest),
        "quit" | "exit" | "q" => no_argument(Command::Quit, &word, rest),
        "hint" => no_argument(Command::Hint, &word, rest),
        "undo" => no_argument(Command::Undo, &word, rest),
        "board" => no_argument(Command::Board, &word, rest),
        "moves" => match rest {
            None => Ok(Command::Moves(None)),
            Some(text) => parse_square(text).map(|square| Command::Moves(Some(square))),
        },
        "level" => Ok(Command::Level(rest.map(str::to_owned))),
        "new" => Ok(Command::New(rest.map(str::to_owned))),
        "save" => file_argument(rest, "save").map(Command::Save),
        "load" => file_argument(rest, "load").map(Command::Load),
        _ if rest.is_none() && word.contains('-') => Ok(Command::Play(word)),
        _ if rest.is_none() && word.parse::<Square>().is_ok() => {
            parse_square(&word).map(|square| Command::Moves(Some(square)))
        }
        _ => Err(format!(
            "{line:?} is neither a move (like l2-k3) nor a command: type help for the list"
        )),
    }
}

/// `command` when nothing follows it.
fn no_argument(command: Command, word: &str, rest: Option<&str>) -> Result<Command, String> {
    match rest {
        None => Ok(command),
        Some(_) => Err(format!("{word} takes no argument: type just {word}")),
    }
}

/// The file name after `save` or `load`.
fn file_argument(rest: Option<&str>, word: &str) -> Result<String, String> {
    rest.map(str::to_owned)
        .ok_or_else(|| format!("{word} needs a file name: {word} FILE"))
}

/// A square name, lower case or not.
fn parse_square(text: &str) -> Result<Square, String> {
    text.to_ascii_lowercase()
        .parse()
        .map_err(|_| format!("{text:?} is not a square: squares are a1 to p16"))
}
