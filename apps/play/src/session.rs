//! A session at the terminal: the game, the player's side, the engine, and the loop that
//! reads commands and lets the computer reply, all said in the player's language.

use std::fmt::Display;
use std::io::{self, BufRead, Write};

use halma::{Draw, Engine, Game, Limits, Outcome, Position, SearchResult, Side, Square};

use crate::board::{self, LastMove};
use crate::command::{self, Command, Word};
use crate::options::{self, FixedLimits, Options};
use crate::rules;
use crate::text::{self, Words, names};
use crate::think::{self, Show, Thinking};

/// A message for the player that ends the session (the terminal is gone, the engine
/// failed).
pub type Fatal = String;

/// Whether the session goes on.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// Everything a game at the terminal needs.
pub struct Session {
    game: Game,
    human: Side,
    level: u8,
    /// The command line's fixed limits, which replace the level until `level N`.
    fixed: FixedLimits,
    engine: Engine,
    thinking: Thinking,
    /// The player's language.
    words: Words,
    /// ANSI colour in the board.
    colour: bool,
    /// Stdout is a terminal: animate the progress line.
    live: bool,
    /// Stdin is not a terminal: echo each line read, so transcripts read like a session.
    echo: bool,
}

impl Session {
    /// A session with these options in the language of `words`; `colour`, `live` and
    /// `echo` describe the terminal.
    pub fn new(options: &Options, words: Words, colour: bool, live: bool, echo: bool) -> Session {
        let mut engine = Engine::new();
        // The machine's cores, but for limits of depth or nodes alone: one thread, so that
        // the game replays the same.
        let deterministic = options.fixed.time.is_none()
            && (options.fixed.depth.is_some() || options.fixed.nodes.is_some());
        if !deterministic {
            engine.set_threads(std::thread::available_parallelism().map_or(1, |cores| cores.get()));
        }
        let thinking = Thinking::new();
        Session {
            game: Game::new(),
            human: options.human,
            level: options.level,
            fixed: options.fixed,
            engine,
            thinking,
            words,
            colour,
            live,
            echo,
        }
    }

    /// The search flag the Ctrl-C handler needs.
    pub fn thinking(&self) -> Thinking {
        self.thinking.clone()
    }

    /// Writes one line to stdout.
    fn say(&self, text: impl Display) -> Result<(), Fatal> {
        writeln!(io::stdout(), "{text}").map_err(|error| self.cannot_write(&error))
    }

    /// The text of `key` as a line.
    fn say_text(&self, key: &str) -> Result<(), Fatal> {
        self.say(self.words.text(key))
    }

    /// The fatal message for an output that failed.
    fn cannot_write(&self, error: &io::Error) -> Fatal {
        self.words.format("play.error.write", &[("reason", error)])
    }

    /// A command's word in the player's language, for messages that name it.
    fn word(&self, word: Word) -> &'static str {
        word.shown(self.words)
    }

    /// Plays until the player quits or the input ends.
    pub fn run(&mut self, input: &mut impl BufRead) -> Result<(), Fatal> {
        self.welcome()?;
        loop {
            if self.computer_to_move() {
                self.computer_moves()?;
                continue;
            }
            let Some(line) = self.read_line(input)? else {
                return self.say(format!("\n{}", self.words.text("play.bye")));
            };
            let flow = match command::parse(&line, self.words) {
                Ok(command) => self.execute(command)?,
                Err(error) => {
                    self.say(error.describe(self.words))?;
                    Flow::Continue
                }
            };
            if flow == Flow::Quit {
                return self.say_text("play.bye");
            }
        }
    }

    /// Prompts and reads a line; `None` at the end of input.
    fn read_line(&self, input: &mut impl BufRead) -> Result<Option<String>, Fatal> {
        let mut stdout = io::stdout();
        let prompt = format!("{}> ", self.human);
        write!(stdout, "{prompt}")
            .and_then(|()| stdout.flush())
            .map_err(|error| self.cannot_write(&error))?;
        let mut bytes = Vec::new();
        let read = input
            .read_until(b'\n', &mut bytes)
            .map_err(|error| self.words.format("play.error.read", &[("reason", &error)]))?;
        if read == 0 {
            return Ok(None);
        }
        let line = String::from_utf8_lossy(&bytes).trim_end().to_owned();
        if self.echo {
            self.say(&line)?;
        }
        Ok(Some(line))
    }

    /// Runs one command.
    fn execute(&mut self, command: Command) -> Result<Flow, Fatal> {
        match command {
            Command::Nothing => {}
            Command::Play(text) => self.play(&text)?,
            Command::Moves(square) => self.moves(square)?,
            Command::Hint => self.hint()?,
            Command::Undo => self.undo()?,
            Command::Level(level) => self.level(level.as_deref())?,
            Command::New(side) => self.new_game(side.as_deref())?,
            Command::Save(path) => self.save(&path)?,
            Command::Load(path) => self.load(&path)?,
            Command::Board => self.show_board(true)?,
            Command::Rules => self.say(rules::text(self.words, self.colour))?,
            Command::Help => self.say(command::help(self.words))?,
            Command::Quit => return Ok(Flow::Quit),
        }
        Ok(Flow::Continue)
    }

    /// The greeting, the board and a pointer to `help` and `rules`.
    fn welcome(&self) -> Result<(), Fatal> {
        let first = if self.human == Side::X {
            "play.welcome.you_first"
        } else {
            "play.welcome.computer_first"
        };
        self.say(self.words.format(
            "play.welcome",
            &[
                ("first", &self.words.text(first)),
                ("strength", &self.strength()),
            ],
        ))?;
        self.show_board(true)?;
        self.say(self.words.format(
            "play.welcome.prompt",
            &[
                ("rules", &self.word(Word::Rules)),
                ("help", &self.word(Word::Help)),
            ],
        ))
    }

    /// Whether it is the computer's turn in a game that goes on.
    fn computer_to_move(&self) -> bool {
        !self.game.outcome().is_over() && self.game.position().turn() != self.human
    }

    /// The limits of every search: the command line's fixed ones, or the level's.
    fn limits(&self) -> Limits {
        self.fixed
            .limits()
            .unwrap_or_else(|| Limits::level(self.level))
    }

    /// A search of the current game within the session's limits, its progress shown under
    /// `label`.
    fn think(&mut self, label: &str) -> Result<SearchResult, Fatal> {
        let limits = self.limits();
        let show = Show {
            live: self.live,
            label,
            words: self.words,
        };
        think::think(&mut self.engine, &self.game, &limits, &self.thinking, &show)
    }

    /// `"level 5"`, or the fixed limits that replace the level.
    fn strength(&self) -> String {
        if self.fixed.limits().is_some() {
            self.words.format(
                "play.strength.fixed",
                &[("limits", &self.fixed.describe(self.words))],
            )
        } else {
            self.words
                .format("play.strength.level", &[("level", &self.level)])
        }
    }

    /// The computer searches and plays its move.
    fn computer_moves(&mut self) -> Result<(), Fatal> {
        let computer = self.human.other();
        let label = self
            .words
            .format("play.computer_thinks", &[("side", &computer)]);
        let result = self.think(&label)?;
        let mv = result.best_move;
        self.game.play(mv).map_err(|error| {
            self.words.format(
                "play.error.computer_chose",
                &[
                    ("move", &mv),
                    (
                        "reason",
                        &text::play_error(self.words, &error, &mv.to_string()),
                    ),
                ],
            )
        })?;
        let described = self.last_move_text();
        self.say(self.words.format(
            "play.computer_plays",
            &[
                ("side", &computer),
                ("move", &described),
                ("depth", &result.plies_ahead()),
                ("score", &text::score(self.words, result.score)),
                ("nodes", &result.nodes),
                ("seconds", &format!("{:.2}", result.time.as_secs_f64())),
            ],
        ))?;
        self.show_board(false)?;
        self.announce()
    }

    /// The last move, described.
    fn last_move_text(&self) -> String {
        LastMove::of(&self.game).map_or(String::new(), |last| last.describe(self.words))
    }

    /// The message for a command that needs a game still going on.
    fn over(&self, key: &str) -> Result<(), Fatal> {
        self.say(self.words.format(
            key,
            &[
                ("new", &self.word(Word::New)),
                ("undo", &self.word(Word::Undo)),
                ("load", &self.word(Word::Load)),
                ("quit", &self.word(Word::Quit)),
            ],
        ))
    }

    /// The player's move.
    fn play(&mut self, text: &str) -> Result<(), Fatal> {
        if self.game.outcome().is_over() {
            return self.over("play.over.play");
        }
        match self.game.play_text(text) {
            Ok(_) => {
                self.say(
                    self.words
                        .format("play.you_play", &[("move", &self.last_move_text())]),
                )?;
                if self.game.outcome().is_over() {
                    self.show_board(false)?;
                    self.announce()?;
                }
                Ok(())
            }
            Err(error) => self.say(text::play_error(self.words, &error, text)),
        }
    }

    /// Lists where the piece on `square` can go, or all the player's moves.
    fn moves(&self, square: Option<Square>) -> Result<(), Fatal> {
        if self.game.outcome().is_over() {
            return self.say_text("play.over.moves");
        }
        let position = self.game.position();
        match square {
            Some(square) => self.say(self.piece_moves(position, square)),
            None => {
                for from in position.pieces(self.human) {
                    let targets = position.destinations(from);
                    if !targets.is_empty() {
                        self.say(format!("{from}: {}", names(targets)))?;
                    }
                }
                Ok(())
            }
        }
    }

    /// What `moves SQUARE` says.
    fn piece_moves(&self, position: &Position, square: Square) -> String {
        let words = self.words;
        match position.piece_at(square) {
            None => words.format("play.square.empty", &[("square", &square)]),
            Some(side) if side != self.human => words.format(
                "play.square.computers",
                &[("square", &square), ("side", &side)],
            ),
            Some(_) => {
                let targets = position.destinations(square);
                if targets.is_empty() {
                    words.format("play.square.stuck", &[("square", &square)])
                } else {
                    words.format(
                        "play.square.can_go",
                        &[("square", &square), ("squares", &names(targets))],
                    )
                }
            }
        }
    }

    /// The engine's suggestion for the player.
    fn hint(&mut self) -> Result<(), Fatal> {
        if self.game.outcome().is_over() {
            return self.say_text("play.over.hint");
        }
        let label = self.words.text("play.hint_thinks");
        let result = self.think(label)?;
        let mv = result.best_move;
        let path = self.game.position().jump_path(mv).unwrap_or_default();
        self.say(self.words.format(
            "play.hint",
            &[
                ("move", &text::describe_move(self.words, mv, &path)),
                ("score", &text::score(self.words, result.score)),
                ("side", &self.human),
            ],
        ))
    }

    /// Takes back moves up to and including the player's last one.
    fn undo(&mut self) -> Result<(), Fatal> {
        let played = self.game.moves().len();
        let human_moved = self.game.positions()[..played]
            .iter()
            .any(|position| position.turn() == self.human);
        if !human_moved {
            return self.say_text("play.nothing_to_undo");
        }
        let mut taken = Vec::new();
        while let Some(mover) = last_mover(&self.game) {
            let Ok(mv) = self.game.undo() else { break };
            taken.push(mv.to_string());
            if mover == self.human {
                break;
            }
        }
        taken.reverse();
        self.say(
            self.words
                .format("play.took_back", &[("moves", &taken.join(" "))]),
        )?;
        self.show_board(false)
    }

    /// Shows or sets the level.
    fn level(&mut self, text: Option<&str>) -> Result<(), Fatal> {
        match text.map(options::parse_level) {
            None => self.say(self.words.format(
                "play.level.show",
                &[
                    ("strength", &self.strength()),
                    ("level", &self.word(Word::Level)),
                ],
            )),
            Some(Ok(level)) => {
                self.level = level;
                self.fixed = FixedLimits::default();
                self.say(self.words.format("play.level.set", &[("level", &level)]))
            }
            Some(Err(error)) => self.say(error.describe(self.words)),
        }
    }

    /// Starts again, on `side` if given.
    fn new_game(&mut self, side: Option<&str>) -> Result<(), Fatal> {
        if let Some(text) = side {
            match options::parse_side(text) {
                Ok(side) => self.human = side,
                Err(error) => return self.say(error.describe(self.words)),
            }
        }
        self.game = Game::new();
        self.engine.clear();
        self.say(self.words.format("play.new_game", &[("side", &self.human)]))?;
        self.show_board(true)
    }

    /// Writes the game record to `path`.
    fn save(&self, path: &str) -> Result<(), Fatal> {
        let message = match std::fs::write(path, self.game.to_record()) {
            Ok(()) => self.words.format(
                "play.saved",
                &[("count", &self.game.moves().len()), ("path", &path)],
            ),
            Err(error) => self.words.format(
                "play.cannot_save",
                &[
                    ("path", &path),
                    ("reason", &text::io_error(self.words, &error)),
                ],
            ),
        };
        self.say(message)
    }

    /// Replaces the game with the one recorded in `path`.
    fn load(&mut self, path: &str) -> Result<(), Fatal> {
        let record = match std::fs::read_to_string(path) {
            Ok(record) => record,
            Err(error) => {
                return self.say(self.words.format(
                    "play.cannot_read",
                    &[
                        ("path", &path),
                        ("reason", &text::io_error(self.words, &error)),
                    ],
                ));
            }
        };
        match Game::from_record(&record) {
            Ok(game) => {
                self.game = game;
                self.engine.clear();
                self.say(self.words.format(
                    "play.loaded",
                    &[
                        ("path", &path),
                        ("count", &self.game.moves().len()),
                        ("side", &self.game.position().turn()),
                    ],
                ))?;
                self.show_board(false)?;
                self.announce()
            }
            Err(error) => self.say(self.words.format(
                "play.cannot_load",
                &[
                    ("path", &path),
                    ("reason", &text::record_error(self.words, &error, &record)),
                ],
            )),
        }
    }

    /// The board, the last move, and with `legend` the key.
    fn show_board(&self, legend: bool) -> Result<(), Fatal> {
        let mut text = board::draw(&self.game, self.colour);
        if let Some(last) = LastMove::of(&self.game) {
            text.push_str(&self.words.format(
                "play.last_move",
                &[("side", &last.side), ("move", &last.describe(self.words))],
            ));
            text.push('\n');
        }
        if legend {
            text.push_str(&board::legend(self.words, self.human));
            text.push('\n');
        }
        write!(io::stdout(), "{text}").map_err(|error| self.cannot_write(&error))
    }

    /// Says how the game ended, and why, once it has.
    fn announce(&self) -> Result<(), Fatal> {
        let words = self.words;
        let result = match self.game.outcome() {
            Outcome::Ongoing => return Ok(()),
            Outcome::Win(side) => {
                let who = if side == self.human {
                    "play.result.you_win"
                } else {
                    "play.result.computer_wins"
                };
                words.format(
                    "play.result.win",
                    &[("side", &side), ("who", &words.text(who))],
                )
            }
            Outcome::Draw(Draw::Repetition) => {
                let mut text = words.text("play.result.repetition").to_owned();
                for why in blocked(words, self.game.position()) {
                    text.push_str(": ");
                    text.push_str(&why);
                }
                text
            }
            Outcome::Draw(Draw::NoMoves) => words.format(
                "play.result.no_moves",
                &[("side", &self.game.position().turn())],
            ),
        };
        self.say(words.format("play.over.announce", &[("result", &result)]))?;
        self.over("play.over.next")
    }
}

/// The side that played the last move of `game`.
fn last_mover(game: &Game) -> Option<Side> {
    let positions = game.positions();
    (positions.len() >= 2).then(|| positions[positions.len() - 2].turn())
}

/// Why a drawn game could not be won: for each side whose goal camp is full while the other
/// side keeps pieces at home in it, a sentence that says so.
fn blocked(words: Words, position: &Position) -> Vec<String> {
    Side::ALL
        .into_iter()
        .filter_map(|side| {
            let goal = side.goal();
            let squatters = position.pieces(side.other()) & goal;
            ((position.occupied() & goal) == goal && !squatters.is_empty()).then(|| {
                words.format(
                    "play.result.blocked",
                    &[
                        ("side", &side),
                        ("other", &side.other()),
                        ("squares", &names(squatters)),
                    ],
                )
            })
        })
        .collect()
}
