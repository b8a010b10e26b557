//! A session at the terminal: the game, the player's side, the engine, and the loop that
//! reads commands and lets the computer reply.

use std::fmt::Display;
use std::io::{self, BufRead, Write};

use halma::{Draw, Game, Outcome, Position, Side, Square};

use crate::board::{self, LastMove};
use crate::command::{self, Command, HELP};
use crate::options::{self, FixedLimits, Options};
use crate::think::{self, Thinking, score_text};
use halma::{Engine, Limits, SearchResult};

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
    /// ANSI colour in the board.
    colour: bool,
    /// Stdout is a terminal: animate the progress line.
    live: bool,
    /// Stdin is not a terminal: echo each line read, so transcripts read like a session.
    echo: bool,
}

/// Writes one line to stdout.
fn say(text: impl Display) -> Result<(), Fatal> {
    writeln!(io::stdout(), "{text}").map_err(|error| format!("cannot write the output: {error}"))
}

impl Session {
    /// A session with these options; `colour`, `live` and `echo` describe the terminal.
    pub fn new(options: &Options, colour: bool, live: bool, echo: bool) -> Session {
        let mut engine = Engine::new();
        // The machine's cores, but for limits of depth or nodes alone: one thread, so that
        // the game replays the same.
        let deterministic = options.fixed.time.is_none()
            && (options.fixed.depth.is_some() || options.fixed.nodes.is_some());
        if !deterministic {
            engine.set_threads(std::thread::available_parallelism().map_or(1, |cores| cores.get()));
        }
        let thinking = Thinking::new(engine.stop_handle());
        Session {
            game: Game::new(),
            human: options.human,
            level: options.level,
            fixed: options.fixed,
            engine,
            thinking,
            colour,
            live,
            echo,
        }
    }

    /// The search flag the Ctrl-C handler needs.
    pub fn thinking(&self) -> Thinking {
        self.thinking.clone()
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
                return say("\nbye");
            };
            let flow = match command::parse(&line) {
                Ok(command) => self.execute(command)?,
                Err(message) => say(message).map(|()| Flow::Continue)?,
            };
            if flow == Flow::Quit {
                return say("bye");
            }
        }
    }

    /// Prompts and reads a line; `None` at the end of input.
    fn read_line(&self, input: &mut impl BufRead) -> Result<Option<String>, Fatal> {
        let mut stdout = io::stdout();
        let prompt = format!("{}> ", self.human);
        write!(stdout, "{prompt}")
            .and_then(|()| stdout.flush())
            .map_err(|error| format!("cannot write the output: {error}"))?;
        let mut bytes = Vec::new();
        let read = input
            .read_until(b'\n', &mut bytes)
            .map_err(|error| format!("cannot read the input: {error}"))?;
        if read == 0 {
            return Ok(None);
        }
        let line = String::from_utf8_lossy(&bytes).trim_end().to_owned();
        if self.echo {
            say(&line)?;
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
            Command::Help => say(HELP)?,
            Command::Quit => return Ok(Flow::Quit),
        }
        Ok(Flow::Continue)
    }

    /// The greeting, the board and a pointer to `help`.
    fn welcome(&self) -> Result<(), Fatal> {
        let first = if self.human == Side::X {
            "you move first"
        } else {
            "the computer moves first"
        };
        say(format!(
            "halma: bring your 19 pieces into the opposite camp before the computer does; \
             {first}; {}",
            self.strength()
        ))?;
        self.show_board(true)?;
        say("type a move like l2-k3, or help for the commands")
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
        think::think(
            &mut self.engine,
            &self.game,
            &limits,
            &self.thinking,
            self.live,
            label,
        )
    }

    /// `"level 5"`, or the fixed limits that replace the level.
    fn strength(&self) -> String {
        if self.fixed.limits().is_some() {
            format!("full strength, {}", self.fixed.describe())
        } else {
            format!("level {}", self.level)
        }
    }

    /// The computer searches and plays its move.
    fn computer_moves(&mut self) -> Result<(), Fatal> {
        let computer = self.human.other();
        let result = self.think(&format!("the computer ({computer}) thinks"))?;
        self.game
            .play(result.best_move)
            .map_err(|error| format!("the computer chose {}: {error}", result.best_move))?;
        let described = LastMove::of(&self.game).map_or(String::new(), |last| last.describe());
        say(format!(
            "computer ({computer}) plays {described} (depth {}, score {} for {computer}, {} nodes, {:.2} s)",
            result.race_plies.unwrap_or(result.depth),
            score_text(result.score),
            result.nodes,
            result.time.as_secs_f64()
        ))?;
        self.show_board(false)?;
        self.announce()
    }

    /// The player's move.
    fn play(&mut self, text: &str) -> Result<(), Fatal> {
        if self.game.outcome().is_over() {
            return say("the game is over: type new, undo, load or quit");
        }
        match self.game.play_text(text) {
            Ok(_) => {
                let described = LastMove::of(&self.game).map_or(String::new(), |l| l.describe());
                say(format!("you play {described}"))?;
                if self.game.outcome().is_over() {
                    self.show_board(false)?;
                    self.announce()?;
                }
                Ok(())
            }
            Err(error) => say(error),
        }
    }

    /// Lists where the piece on `square` can go, or all the player's moves.
    fn moves(&self, square: Option<Square>) -> Result<(), Fatal> {
        if self.game.outcome().is_over() {
            return say("the game is over: no piece can move");
        }
        let position = self.game.position();
        match square {
            Some(square) => say(piece_moves(position, square, self.human)),
            None => {
                for from in position.pieces(self.human) {
                    let targets = position.destinations(from);
                    if !targets.is_empty() {
                        say(format!("{from}: {}", names(targets)))?;
                    }
                }
                Ok(())
            }
        }
    }

    /// The engine's suggestion for the player.
    fn hint(&mut self) -> Result<(), Fatal> {
        if self.game.outcome().is_over() {
            return say("the game is over: no hint to give");
        }
        let result = self.think("thinking about a hint")?;
        let mv = result.best_move;
        let path = self.game.position().jump_path(mv).unwrap_or_default();
        say(format!(
            "hint: {} (score {} for {})",
            board::describe(mv, &path),
            score_text(result.score),
            self.human
        ))
    }

    /// Takes back moves up to and including the player's last one.
    fn undo(&mut self) -> Result<(), Fatal> {
        let played = self.game.moves().len();
        let human_moved = self.game.positions()[..played]
            .iter()
            .any(|position| position.turn() == self.human);
        if !human_moved {
            return say("nothing to undo: you have not moved yet");
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
        say(format!("took back {}", taken.join(" ")))?;
        self.show_board(false)
    }

    /// Shows or sets the level.
    fn level(&mut self, text: Option<&str>) -> Result<(), Fatal> {
        match text.map(options::parse_level) {
            None => say(format!(
                "{} (levels go from 1, easiest, to 10, strongest): type level N to change it",
                self.strength()
            )),
            Some(Ok(level)) => {
                self.level = level;
                self.fixed = FixedLimits::default();
                say(format!("level {level}"))
            }
            Some(Err(message)) => say(message),
        }
    }

    /// Starts again, on `side` if given.
    fn new_game(&mut self, side: Option<&str>) -> Result<(), Fatal> {
        if let Some(text) = side {
            match options::parse_side(text) {
                Ok(side) => self.human = side,
                Err(message) => return say(message),
            }
        }
        self.game = Game::new();
        self.engine.clear();
        say(format!("new game: you are {}", self.human))?;
        self.show_board(true)
    }

    /// Writes the game record to `path`.
    fn save(&self, path: &str) -> Result<(), Fatal> {
        match std::fs::write(path, self.game.to_record()) {
            Ok(()) => say(format!(
                "saved the game ({} moves) to {path}",
                self.game.moves().len()
            )),
            Err(error) => say(format!("cannot save to {path}: {error}")),
        }
    }

    /// Replaces the game with the one recorded in `path`.
    fn load(&mut self, path: &str) -> Result<(), Fatal> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(error) => return say(format!("cannot read {path}: {error}")),
        };
        match Game::from_record(&text) {
            Ok(game) => {
                self.game = game;
                self.engine.clear();
                say(format!(
                    "loaded {path}: {} moves, {} to move",
                    self.game.moves().len(),
                    self.game.position().turn()
                ))?;
                self.show_board(false)?;
                self.announce()
            }
            Err(error) => say(format!("cannot load {path}: {error}")),
        }
    }

    /// The board, the last move, and with `legend` the key.
    fn show_board(&self, legend: bool) -> Result<(), Fatal> {
        let mut text = board::draw(&self.game, self.colour);
        if let Some(last) = LastMove::of(&self.game) {
            text.push_str(&format!("last move: {} {}\n", last.side, last.describe()));
        }
        if legend {
            text.push_str(&board::legend(self.human));
            text.push('\n');
        }
        write!(io::stdout(), "{text}").map_err(|error| format!("cannot write the output: {error}"))
    }

    /// Says how the game ended, and why, once it has.
    fn announce(&self) -> Result<(), Fatal> {
        let message = match self.game.outcome() {
            Outcome::Ongoing => return Ok(()),
            Outcome::Win(side) => {
                let who = if side == self.human {
                    "you win"
                } else {
                    "the computer wins"
                };
                format!("{side} wins: all 19 pieces in the goal camp ({who})")
            }
            Outcome::Draw(Draw::Repetition) => {
                format!(
                    "draw by threefold repetition{}",
                    blocked(self.game.position())
                )
            }
            Outcome::Draw(Draw::NoMoves) => format!(
                "draw: {} has no legal move, it is blocked",
                self.game.position().turn()
            ),
        };
        say(format!("game over: {message}"))?;
        say("type new for another game, undo to take your move back, or quit")
    }
}

/// The side that played the last move of `game`.
fn last_mover(game: &Game) -> Option<Side> {
    let positions = game.positions();
    (positions.len() >= 2).then(|| positions[positions.len() - 2].turn())
}

/// Why a drawn game could not be won: a side whose goal camp is full while the other side
/// keeps pieces at home in it. Empty when no side is blocked like that.
fn blocked(position: &Position) -> String {
    let mut why = String::new();
    for side in Side::ALL {
        let goal = side.goal();
        let squatters = position.pieces(side.other()) & goal;
        if (position.occupied() & goal) == goal && !squatters.is_empty() {
            why.push_str(&format!(
                ": {side} is blocked, {} keeps {} in its home camp, {side}'s goal",
                side.other(),
                names(squatters)
            ));
        }
    }
    why
}

/// What `moves SQUARE` says.
fn piece_moves(position: &Position, square: Square, human: Side) -> String {
    match position.piece_at(square) {
        None => format!("{square} is empty"),
        Some(side) if side != human => format!("{square} holds a piece of the computer ({side})"),
        Some(_) => {
            let targets = position.destinations(square);
            if targets.is_empty() {
                format!("the piece on {square} cannot move")
            } else {
                format!("{square} can go to {}", names(targets))
            }
        }
    }
}

/// Square names separated by spaces.
fn names(squares: halma::Bitboard) -> String {
    squares
        .iter()
        .map(|square| square.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
