//! Shared checks for halma's fuzz targets: the invariants every valid position must keep,
//! and small, deliberately naive references (a move generator, a position text reader, a
//! move text reader) written from `RULES.md` for clarity, not speed. The targets compare the
//! library against them, so a fuzzer finds wrong answers, not only crashes.
//!
//! Every check panics (with a message saying what went wrong) when an invariant breaks;
//! libFuzzer turns the panic into a crash report with the input that caused it.

pub mod c_abi;

use halma::{
    Bitboard, File, Game, IllegalMoveError, Move, Outcome, ParseLegalMoveError, ParsePositionError,
    PlayError, Position, Rank, Side, Square,
};

/// The eight directions, as (file, rank) deltas.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// The side that has filled its goal camp, if any (naive: compares whole boards).
pub fn reference_winner(position: &Position) -> Option<Side> {
    [Side::X, Side::O]
        .into_iter()
        .find(|&side| position.pieces(side) == side.goal())
}

/// The hash of `position` computed from scratch: that of the same placement and side to
/// move built anew (the incremental hash must equal it).
pub fn rebuilt_hash(position: &Position) -> u64 {
    let pieces = [position.pieces(Side::X), position.pieces(Side::O)];
    match Position::from_parts(pieces, position.turn()) {
        Ok(rebuilt) => rebuilt.hash(),
        Err(error) => panic!("{position} does not rebuild: {error}"),
    }
}

/// A plain array view of a position for the references: what stands on each square.
pub struct Board {
    occupied: [bool; 256],
    goal: [bool; 256],
    turn: Side,
}

impl Board {
    /// The board of `position`, its side to move's goal camp marked.
    pub fn new(position: &Position) -> Board {
        let mut occupied = [false; 256];
        let mut goal = [false; 256];
        for square in position.occupied().iter() {
            occupied[usize::from(square.index())] = true;
        }
        for square in position.turn().goal().iter() {
            goal[usize::from(square.index())] = true;
        }
        Board {
            occupied,
            goal,
            turn: position.turn(),
        }
    }

    fn occupied(&self, square: Square, origin: Square) -> bool {
        square != origin && self.occupied[usize::from(square.index())]
    }

    fn in_goal(&self, square: Square) -> bool {
        self.goal[usize::from(square.index())]
    }

    /// Whether a piece of the side to move, whose move started on `origin` (vacated), can
    /// hop from `from` to `to`: one jump over an adjacent occupied square onto an empty
    /// one, under the goal-camp rule.
    pub fn is_hop(&self, origin: Square, from: Square, to: Square) -> bool {
        let df = i16::from(to.file_of().index()) - i16::from(from.file_of().index());
        let dr = i16::from(to.rank_of().index()) - i16::from(from.rank_of().index());
        if !matches!(df, -2 | 0 | 2) || !matches!(dr, -2 | 0 | 2) || (df, dr) == (0, 0) {
            return false;
        }
        let Some(over) = from.offset((df / 2) as i8, (dr / 2) as i8) else {
            return false;
        };
        self.occupied(over, origin)
            && !self.occupied(to, origin)
            && (!self.in_goal(from) || self.in_goal(to))
    }

    /// The jump destinations of the piece on `from` with the fewest hops to each: a plain
    /// breadth-first search over landing squares, `from` vacated.
    pub fn jumps(&self, from: Square) -> [Option<u8>; 256] {
        let mut hops = [None; 256];
        hops[usize::from(from.index())] = Some(0u8);
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(at) = queue.pop_front() {
            let done = hops[usize::from(at.index())].unwrap_or(0);
            for (df, dr) in DIRECTIONS {
                let Some(to) = at.offset(2 * df, 2 * dr) else {
                    continue;
                };
                if hops[usize::from(to.index())].is_none() && self.is_hop(from, at, to) {
                    hops[usize::from(to.index())] = Some(done + 1);
                    queue.push_back(to);
                }
            }
        }
        hops[usize::from(from.index())] = None;
        hops
    }

    /// The side to move.
    pub fn turn(&self) -> Side {
        self.turn
    }
}

/// See [`Board::is_hop`].
pub fn reference_is_hop(position: &Position, origin: Square, from: Square, to: Square) -> bool {
    Board::new(position).is_hop(origin, from, to)
}

/// See [`Board::jumps`].
pub fn reference_jumps(position: &Position, from: Square) -> [Option<u8>; 256] {
    Board::new(position).jumps(from)
}

/// The legal moves by the rules, sorted: steps to empty neighbours and jump chains, the
/// goal-camp rule at every hop, none in a won position.
pub fn reference_moves(position: &Position) -> Vec<Move> {
    let mut moves = Vec::new();
    if reference_winner(position).is_some() {
        return moves;
    }
    let board = Board::new(position);
    for from in position.pieces(board.turn()).iter() {
        for (df, dr) in DIRECTIONS {
            if let Some(to) = from.offset(df, dr)
                && !board.occupied(to, from)
                && (!board.in_goal(from) || board.in_goal(to))
            {
                moves.push(Move::new(from, to));
            }
        }
        let hops = board.jumps(from);
        for to in Square::all() {
            if hops[usize::from(to.index())].is_some() {
                moves.push(Move::new(from, to));
            }
        }
    }
    moves.sort();
    moves
}

/// The square on the file and rank of these indices (0 to 15 each), or `None` off the board.
fn square_at(file: u8, rank: u8) -> Option<Square> {
    Some(Square::at(File::from_index(file)?, Rank::from_index(rank)?))
}

/// Whether `a` and `b` are neighbours (one of the 8 directions).
fn adjacent(a: Square, b: Square) -> bool {
    a != b
        && a.file_of().index().abs_diff(b.file_of().index()) <= 1
        && a.rank_of().index().abs_diff(b.rank_of().index()) <= 1
}

/// The squares of move text by the letter of RULES.md: names `a1`..`p16` (lower case, no
/// leading zero) joined by `-`, at least two, no square twice unless there are just two.
pub fn reference_parse_path(text: &str) -> Option<Vec<Square>> {
    let mut path = Vec::new();
    for name in text.split('-') {
        let bytes = name.as_bytes();
        let (&file, rank) = bytes.split_first()?;
        if !(b'a'..=b'p').contains(&file) {
            return None;
        }
        let rank = std::str::from_utf8(rank).ok()?;
        if rank.starts_with('0') || rank.is_empty() || !rank.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let rank: u8 = rank.parse().ok().filter(|r| (1..=16).contains(r))?;
        path.push(square_at(file - b'a', rank - 1)?);
    }
    if path.len() < 2 {
        return None;
    }
    if path.len() > 2 {
        for (i, square) in path.iter().enumerate() {
            if path[..i].contains(square) {
                return None;
            }
        }
    }
    Some(path)
}

/// What a reader of position text must make of `text`.
#[derive(Debug, PartialEq, Eq)]
pub enum ReferencePosition {
    /// Not position text.
    Syntax,
    /// Well-formed text of an impossible position.
    Invalid,
    /// A valid position: `x`'s pieces, `o`'s pieces, the side to move.
    Valid([Bitboard; 2], Side),
}

/// Reads position text by the letter of RULES.md: 16 ranks from 16 down joined by `/`,
/// each exactly 16 files of `x`, `o` and runs `1`..`16` (no leading zero), one space,
/// `x` or `o`, nothing more; then 19 pieces a side and not both goals filled.
pub fn reference_parse_position(text: &str) -> ReferencePosition {
    let Some((placement, turn)) = text.split_once(' ') else {
        return ReferencePosition::Syntax;
    };
    let turn = match turn {
        "x" => Side::X,
        "o" => Side::O,
        _ => return ReferencePosition::Syntax,
    };
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 16 {
        return ReferencePosition::Syntax;
    }
    let mut pieces = [Bitboard::EMPTY; 2];
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = 15 - row as u8;
        let bytes = rank_text.as_bytes();
        let mut file = 0u8;
        let mut i = 0;
        while i < bytes.len() {
            let side = match bytes[i] {
                b'x' => Some(Side::X),
                b'o' => Some(Side::O),
                b'0'..=b'9' => None,
                _ => return ReferencePosition::Syntax,
            };
            if let Some(side) = side {
                if file >= 16 {
                    return ReferencePosition::Syntax;
                }
                pieces[side.index()].insert(square_at(file, rank).unwrap_or(Square::new(0)));
                file += 1;
                i += 1;
            } else {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                let run = &rank_text[start..i];
                let value: u32 = match run.parse() {
                    Ok(value) if (1..=16).contains(&value) && !run.starts_with('0') => value,
                    _ => return ReferencePosition::Syntax,
                };
                if u32::from(file) + value > 16 {
                    return ReferencePosition::Syntax;
                }
                file += value as u8;
            }
        }
        if file != 16 {
            return ReferencePosition::Syntax;
        }
    }
    let both_won = pieces[0] == Side::X.goal() && pieces[1] == Side::O.goal();
    if pieces[0].count() != 19 || pieces[1].count() != 19 || both_won {
        return ReferencePosition::Invalid;
    }
    ReferencePosition::Valid(pieces, turn)
}

/// Checks `text` (any UTF-8) as position text against the reference reader, and a parsed
/// position against every invariant of [`check_position`]. Returns the position.
pub fn check_position_text(text: &str) -> Option<Position> {
    let parsed = text.parse::<Position>();
    let reference = reference_parse_position(text);
    match (&parsed, &reference) {
        (Ok(position), ReferencePosition::Valid(pieces, turn)) => {
            assert_eq!(
                position.pieces(Side::X),
                pieces[0],
                "x's pieces of {text:?}"
            );
            assert_eq!(
                position.pieces(Side::O),
                pieces[1],
                "o's pieces of {text:?}"
            );
            assert_eq!(position.turn(), *turn, "side to move of {text:?}");
            assert_eq!(
                position.to_string(),
                text,
                "valid text prints back as itself"
            );
        }
        (Err(ParsePositionError::Syntax(_)), ReferencePosition::Syntax)
        | (Err(ParsePositionError::Invalid(_)), ReferencePosition::Invalid) => {}
        _ => panic!("{text:?}: the library says {parsed:?}, the reference {reference:?}"),
    }
    match parsed {
        Ok(position) => {
            check_position(&position);
            Some(position)
        }
        Err(error) => {
            assert!(!error.to_string().is_empty(), "empty message for {text:?}");
            None
        }
    }
}

/// Every invariant of a valid position: text round trip, hash, move generation against the
/// reference, `count_moves`, `is_legal`, `destinations`, jump paths (shortest, every hop a
/// jump), move text in and out, play then undo.
pub fn check_position(position: &Position) {
    let text = position.to_string();
    let back: Position = match text.parse() {
        Ok(back) => back,
        Err(error) => panic!("printed text {text:?} does not parse: {error}"),
    };
    assert_eq!(back, *position, "text round trip of {text:?}");
    assert_eq!(
        back.hash(),
        position.hash(),
        "hash after round trip of {text:?}"
    );
    assert_eq!(position.hash(), rebuilt_hash(position), "hash of {text:?}");
    assert_eq!(position.pieces(Side::X).count(), 19);
    assert_eq!(position.pieces(Side::O).count(), 19);
    assert!(
        !position
            .pieces(Side::X)
            .intersects(position.pieces(Side::O))
    );
    assert_eq!(
        position.winner(),
        reference_winner(position),
        "winner of {text:?}"
    );

    let moves = position.legal_moves();
    let mut generated: Vec<Move> = moves.iter().copied().collect();
    generated.sort();
    let before = generated.len();
    generated.dedup();
    assert_eq!(before, generated.len(), "duplicate moves in {text:?}");
    let reference = reference_moves(position);
    if generated != reference {
        let missing: Vec<String> = reference
            .iter()
            .filter(|mv| !generated.contains(mv))
            .map(|mv| mv.to_string())
            .collect();
        let extra: Vec<String> = generated
            .iter()
            .filter(|mv| !reference.contains(mv))
            .map(|mv| mv.to_string())
            .collect();
        panic!("moves of {text:?}: missing {missing:?}, not legal {extra:?}");
    }
    assert_eq!(
        moves.len(),
        position.count_moves(),
        "count_moves of {text:?}"
    );
    assert_eq!(
        !moves.is_empty(),
        position.has_legal_move(),
        "has_legal_move of {text:?}"
    );

    let mine = position.pieces(position.turn());
    // Destinations (a generation each): a few pieces, chosen by the hash.
    let skip = (position.hash() >> 8) as usize % 19;
    for from in mine.iter().skip(skip).step_by(5) {
        let expected: Bitboard = moves
            .iter()
            .filter(|mv| mv.from == from)
            .map(|mv| mv.to)
            .collect();
        assert_eq!(
            position.destinations(from),
            expected,
            "destinations of {from} in {text:?}"
        );
    }
    // A piece of the side not to move, and an empty square, have no destinations.
    if let Some(theirs) = position.pieces(!position.turn()).first() {
        assert!(position.destinations(theirs).is_empty());
    }
    if let Some(empty) = Square::all().find(|&s| !position.occupied().contains(s)) {
        assert!(position.destinations(empty).is_empty());
    }

    // Each legal move in detail costs several generations; a spread of them, chosen by the
    // hash, keeps the targets fast while every move is checked somewhere over a run.
    let stride = moves.len() / SAMPLED_MOVES + 1;
    let offset = (position.hash() % stride as u64) as usize;
    for &mv in moves.iter().skip(offset).step_by(stride) {
        check_legal_move(position, mv);
    }
    // Moves that are not generated are not legal: a few made-up ones from the hash.
    let mut seed = position.hash();
    let pieces: Vec<Square> = mine.iter().collect();
    for _ in 0..SAMPLED_MOVES / 2 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let from = pieces[(seed >> 40) as usize % pieces.len()];
        let to = Square::new((seed >> 16) as u8);
        let mv = Move::new(from, to);
        let legal = reference.binary_search(&mv).is_ok();
        assert_eq!(position.is_legal(mv), legal, "is_legal {mv} in {text:?}");
        assert_eq!(
            position.jump_path(mv).is_some(),
            legal,
            "jump_path of {mv} in {text:?}"
        );
        if !legal {
            assert!(position.check_move(mv).is_err());
            assert!(position.parse_move(&mv.to_string()).is_err());
            let mut after = *position;
            assert!(after.play(mv).is_err());
            assert_eq!(after, *position, "a refused move changed the position");
        }
    }
}

/// How many legal moves of a position [`check_position`] checks in detail.
pub const SAMPLED_MOVES: usize = 24;

/// Checks one legal move `mv` of `position`: legality, its jump path, its text, play/undo.
pub fn check_legal_move(position: &Position, mv: Move) {
    assert!(
        position.is_legal(mv),
        "{mv} generated but not legal in {position}"
    );
    assert_eq!(position.check_move(mv), Ok(()));
    let path = match position.jump_path(mv) {
        Some(path) => path,
        None => panic!("no jump path for the legal move {mv} in {position}"),
    };
    check_path(position, mv, &path);
    assert_eq!(position.parse_move(&mv.to_string()), Ok(mv), "text of {mv}");
    let path_text: Vec<String> = path.iter().map(|s| s.to_string()).collect();
    let path_text = path_text.join("-");
    assert_eq!(
        position.parse_move(&path_text),
        Ok(mv),
        "hop path {path_text} in {position}"
    );

    let mut after = *position;
    assert_eq!(after.play(mv), Ok(()), "play {mv} in {position}");
    assert_eq!(after.turn(), !position.turn());
    assert_eq!(
        after.hash(),
        rebuilt_hash(&after),
        "hash after {mv} in {position}"
    );
    assert_ne!(after, *position);
    assert_eq!(after.piece_at(mv.to), Some(position.turn()));
    assert_eq!(after.piece_at(mv.from), None);
    after.undo_unchecked(mv);
    assert_eq!(after, *position, "undo {mv} in {position}");
    assert_eq!(after.hash(), position.hash());
}

/// Checks the hop path `path` of the legal move `mv`: its ends, a step's two squares or a
/// chain of legal hops, as short as the reference's breadth-first search.
pub fn check_path(position: &Position, mv: Move, path: &[Square]) {
    assert!(path.len() >= 2, "path {path:?} of {mv} too short");
    assert_eq!(path[0], mv.from, "path {path:?} of {mv} starts elsewhere");
    assert_eq!(
        path[path.len() - 1],
        mv.to,
        "path {path:?} of {mv} ends elsewhere"
    );
    if adjacent(mv.from, mv.to) {
        assert_eq!(path.len(), 2, "a step's path is its two squares: {path:?}");
        return;
    }
    let board = Board::new(position);
    for hop in path.windows(2) {
        assert!(
            board.is_hop(mv.from, hop[0], hop[1]),
            "{}-{} in the path of {mv} is not a jump in {position}",
            hop[0],
            hop[1]
        );
    }
    let hops = board.jumps(mv.from)[usize::from(mv.to.index())];
    assert_eq!(
        Some(path.len() - 1),
        hops.map(usize::from),
        "the path of {mv} is not a shortest one in {position}"
    );
    assert!(path.len() <= 64, "path longer than a parity class");
}

/// Whether the reference rules accept `text` as a legal move of `position`, and which:
/// `Err(true)` for text that is not move text, `Err(false)` for a well-formed illegal move.
pub fn reference_parse_move(position: &Position, text: &str) -> Result<Move, bool> {
    let path = reference_parse_path(text).ok_or(true)?;
    let mv = Move::new(path[0], path[path.len() - 1]);
    let legal = if path.len() == 2 {
        reference_moves(position).contains(&mv)
    } else {
        reference_winner(position).is_none()
            && position.piece_at(mv.from) == Some(position.turn())
            && {
                let board = Board::new(position);
                path.windows(2)
                    .all(|hop| board.is_hop(mv.from, hop[0], hop[1]))
            }
    };
    if legal { Ok(mv) } else { Err(false) }
}

/// Checks `Position::parse_move` and `Game::play_text` on `text` against the reference
/// reader; `game` is at `position` (with its history). Returns the parsed move.
pub fn check_move_text(game: &Game, text: &str) -> Option<Move> {
    let position = game.position();
    let parsed = position.parse_move(text);
    let reference = reference_parse_move(position, text);
    match (&parsed, &reference) {
        (Ok(mv), Ok(expected)) => {
            assert_eq!(mv, expected, "{text:?} in {position}");
            assert!(
                position.legal_moves().contains(mv),
                "{text:?} gives an ungenerated move"
            );
            check_legal_move(position, *mv);
        }
        (Err(ParseLegalMoveError::Syntax(_)), Err(true))
        | (Err(ParseLegalMoveError::Illegal(_)), Err(false)) => {}
        _ => panic!(
            "{text:?} in {position}: the library says {parsed:?}, the reference {reference:?}"
        ),
    }
    if let Err(error) = &parsed {
        assert!(!error.to_string().is_empty(), "empty message for {text:?}");
        if let ParseLegalMoveError::Illegal(IllegalMoveError::Unreachable { from, to }) = error {
            assert!(!position.is_legal(Move::new(*from, *to)));
        }
    }

    // Game::play_text: the same answer, in the order syntax, game over, illegal.
    let mut played = game.clone();
    let result = played.play_text(text);
    match (&parsed, game.outcome().is_over(), &result) {
        (Err(ParseLegalMoveError::Syntax(a)), _, Err(PlayError::Syntax(b))) => assert_eq!(a, b),
        (Err(ParseLegalMoveError::Syntax(_)), _, _) => {
            panic!("{text:?}: parse_move says {parsed:?}, play_text {result:?}")
        }
        (_, true, Err(PlayError::GameOver)) => {}
        (Ok(a), false, Ok(b)) => {
            assert_eq!(a, b);
            let mut after = *position;
            after.play_unchecked(*a);
            assert_eq!(played.position(), &after);
            assert_eq!(played.moves().last(), Some(a));
            assert_eq!(played.moves().len(), game.moves().len() + 1);
            check_outcome(&played);
            let undone = played.undo();
            assert_eq!(undone, Ok(*a));
            assert_eq!(played.position(), position);
            assert_eq!(played.outcome(), game.outcome());
        }
        (Err(ParseLegalMoveError::Illegal(a)), false, Err(PlayError::Illegal(b))) => {
            assert_eq!(a, b)
        }
        _ => panic!("{text:?}: parse_move says {parsed:?}, play_text {result:?}"),
    }
    if result.is_err() {
        assert_eq!(
            played.positions(),
            game.positions(),
            "a failed play_text changed the game"
        );
    }
    parsed.ok()
}

/// Checks a game's outcome against its history: win, threefold repetition, no moves.
pub fn check_outcome(game: &Game) {
    let position = game.position();
    let expected = if let Some(winner) = reference_winner(position) {
        Outcome::Win(winner)
    } else if game.positions().iter().filter(|p| *p == position).count() >= 3 {
        Outcome::Draw(halma::Draw::Repetition)
    } else if reference_moves(position).is_empty() {
        Outcome::Draw(halma::Draw::NoMoves)
    } else {
        Outcome::Ongoing
    };
    assert_eq!(game.outcome(), expected, "outcome of {position}");
    assert_eq!(game.outcome().is_over(), expected != Outcome::Ongoing);
    if game.outcome().is_over() {
        assert!(game.legal_moves().is_empty());
    } else {
        assert_eq!(game.legal_moves().len(), position.count_moves());
    }
    assert_eq!(game.positions().len(), game.moves().len() + 1);
}

/// A cursor over fuzzer bytes that never fails: past the end it gives zeros.
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// A cursor at the start of `data`.
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data }
    }

    /// The next byte, 0 past the end.
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&first, rest)) => {
                self.data = rest;
                first
            }
            None => 0,
        }
    }

    /// The next two bytes as a little-endian number.
    pub fn u16(&mut self) -> u16 {
        u16::from(self.byte()) | (u16::from(self.byte()) << 8)
    }

    /// A number below `n` (0 for `n` = 0), from two bytes.
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            usize::from(self.u16()) % n
        }
    }

    /// Up to `n` bytes.
    pub fn take(&mut self, n: usize) -> &'a [u8] {
        let (taken, rest) = self.data.split_at(n.min(self.data.len()));
        self.data = rest;
        taken
    }

    /// Everything left.
    pub fn rest(&mut self) -> &'a [u8] {
        core::mem::take(&mut self.data)
    }

    /// Whether nothing is left.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
}

/// The positions published in RULES.md (start and the three perft positions), starting
/// points for the targets.
pub const RULES_POSITIONS: [&str; 4] = [
    "ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x",
    "1o14/xxx1o11/1o1o12/2x13/1o1o12/3oxo10/4ooxx8/7o1o6/8xx6/9o6/7xx3x3/9o1x4/9x1xo1o1/12oxo1/14o1/13xxx x",
    "xxxxx11/xxxxx11/xxxx12/x1xx12/xx14/16/16/16/16/16/16/10oo4/11oo1oo/12oooo/11ooooo/12oooo o",
    "3xx11/x3x11/3x12/2x13/1o14/1o14/1ooo12/1oo1o11/oooo12/1o14/13x2/12xxxx/11x2x1/11x1xx1/11oxxx1/11ooooo o",
];

/// Starting points for the targets: the RULES.md positions, then a position `x` wins with
/// the step b11-b12, one `x` has already won, and one where `x` has no legal move (its
/// pieces fill its goal camp but for one square `o` holds, and its last piece is walled in
/// on p16): the endings of a game, which random play rarely reaches.
pub const POSITIONS: [&str; 7] = [
    RULES_POSITIONS[0],
    RULES_POSITIONS[1],
    RULES_POSITIONS[2],
    RULES_POSITIONS[3],
    "xxxxx11/xxxxx11/xxxx12/xxx13/x15/1x14/16/16/16/16/16/14oo/13ooo/12oooo/11ooooo/10ooooo1 x",
    "xxxxx11/xxxxx11/xxxx12/xxx13/xx14/16/16/16/16/16/16/14oo/13ooo/12oooo/11ooooo/10ooooo1 o",
    "xxxxx8oox/xxxxx9oo/xxxx9o1o/xxx13/xo14/16/16/16/16/16/16/16/16/16/16/oooooooooooo4 x",
];

/// A game from one of [`POSITIONS`] (chosen by a byte), then up to `plies` moves
/// chosen by the bytes (each a legal move by index, biased toward the side's goal when the
/// byte is odd so that games reach crowded goal camps, or the side's previous move reversed
/// so that they reach repetitions), checking the game's outcome on the way when `check` is
/// set.
pub fn play_from_bytes(bytes: &mut Bytes<'_>, plies: usize, check: bool) -> Game {
    let start = POSITIONS[usize::from(bytes.byte()) % POSITIONS.len()];
    let mut game = match start.parse::<Position>() {
        Ok(position) => Game::from_position(position),
        Err(error) => panic!("a start position does not parse: {error}"),
    };
    for _ in 0..plies {
        if game.outcome().is_over() || bytes.is_empty() {
            break;
        }
        let moves = game.legal_moves();
        assert!(
            !moves.is_empty(),
            "an ongoing game without moves: {}",
            game.position()
        );
        let choice = bytes.u16();
        // Shuffling back: the side's previous move reversed, toward repetitions.
        let back = game
            .moves()
            .len()
            .checked_sub(2)
            .map(|i| Move::new(game.moves()[i].to, game.moves()[i].from))
            .filter(|mv| moves.contains(mv));
        let mv = if let (2, Some(back)) = (choice % 4, back) {
            back
        } else if choice & 1 == 1 {
            // The move that gains the most toward the goal's corner; ties by the choice.
            let goal_rank = if game.position().turn() == Side::X {
                15
            } else {
                0
            };
            let goal_file = if game.position().turn() == Side::X {
                0
            } else {
                15
            };
            let distance = |s: Square| {
                u32::from(s.rank_of().index().abs_diff(goal_rank))
                    .max(u32::from(s.file_of().index().abs_diff(goal_file)))
            };
            let best = moves
                .iter()
                .map(|mv| distance(mv.from) as i64 - distance(mv.to) as i64)
                .max()
                .unwrap_or(0);
            let good: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|mv| distance(mv.from) as i64 - distance(mv.to) as i64 == best)
                .collect();
            good[usize::from(choice >> 1) % good.len().max(1)]
        } else {
            moves[usize::from(choice >> 1) % moves.len()]
        };
        if let Err(error) = game.play(mv) {
            panic!("the generated move {mv} was refused: {error}");
        }
        if check {
            check_outcome(&game);
        }
    }
    game
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reference_perft(position: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        reference_moves(position)
            .into_iter()
            .map(|mv| {
                let mut next = *position;
                next.play_unchecked(mv);
                reference_perft(&next, depth - 1)
            })
            .sum()
    }

    #[test]
    fn the_reference_generator_matches_the_perft_counts_of_the_rules() {
        let counts: [&[u64]; 4] = [&[40, 1600], &[157, 21232], &[52, 780], &[105, 10809]];
        for (text, counts) in RULES_POSITIONS.iter().zip(counts) {
            let position: Position = text.parse().expect("a RULES.md position");
            for (depth, &count) in (1..).zip(counts) {
                assert_eq!(
                    reference_perft(&position, depth),
                    count,
                    "{text} at {depth}"
                );
            }
        }
    }

    #[test]
    fn the_reference_readers_follow_the_rules() {
        let start = RULES_POSITIONS[0];
        assert!(matches!(
            reference_parse_position(start),
            ReferencePosition::Valid(..)
        ));
        assert_eq!(reference_parse_position(""), ReferencePosition::Syntax);
        assert_eq!(
            reference_parse_position(&start.replace("16/", "016/")),
            ReferencePosition::Syntax
        );
        assert_eq!(
            reference_parse_position(&start.replace("11xxxxx x", "12xxxx x")),
            ReferencePosition::Invalid
        );
        assert_eq!(
            reference_parse_position(&format!("{start} ")),
            ReferencePosition::Syntax
        );
        assert_eq!(reference_parse_path("n2-n4-n6").map(|p| p.len()), Some(3));
        assert_eq!(reference_parse_path("l2-l2").map(|p| p.len()), Some(2));
        for bad in [
            "", "l2", "l2-", "l02-k3", "l2-k17", "L2-k3", "l2-k3-l2", "q1-a1", "a0-a1",
        ] {
            assert_eq!(reference_parse_path(bad), None, "{bad:?}");
        }
        // After n4-n5 b12-b11, n2-n4-n6 is the move n2-n6 (RULES.md).
        let mut game = Game::new();
        game.play_text("n4-n5").expect("legal");
        game.play_text("b12-b11").expect("legal");
        let n2: Square = "n2".parse().expect("a square");
        let n6: Square = "n6".parse().expect("a square");
        assert_eq!(
            reference_parse_move(game.position(), "n2-n4-n6"),
            Ok(Move::new(n2, n6))
        );
        assert_eq!(
            reference_parse_move(game.position(), "n2-n6-n4"),
            Err(false)
        );
        assert_eq!(reference_parse_move(game.position(), "n2-n4-n2"), Err(true));
    }

    #[test]
    fn the_extra_start_positions_are_the_endings_they_claim() {
        let game = |text: &str| Game::from_position(text.parse().expect("valid"));
        let mut near = game(POSITIONS[4]);
        assert_eq!(near.outcome(), Outcome::Ongoing);
        near.play_text("b11-b12").expect("legal");
        assert_eq!(near.outcome(), Outcome::Win(Side::X));
        assert_eq!(game(POSITIONS[5]).outcome(), Outcome::Win(Side::X));
        assert_eq!(
            game(POSITIONS[6]).outcome(),
            Outcome::Draw(halma::Draw::NoMoves)
        );
        assert!(reference_moves(game(POSITIONS[6]).position()).is_empty());
        // Shuffling reaches a threefold repetition.
        let data: Vec<u8> = [0u8].into_iter().chain([2u8, 0].repeat(12)).collect();
        let shuffled = play_from_bytes(&mut Bytes::new(&data), 12, true);
        assert_eq!(shuffled.outcome(), Outcome::Draw(halma::Draw::Repetition));
    }

    #[test]
    fn the_checks_pass_on_the_rules_positions_and_games_from_bytes() {
        for text in POSITIONS {
            assert!(check_position_text(text).is_some());
        }
        let data: Vec<u8> = (0..400u32).map(|i| (i * 97 % 251) as u8).collect();
        let game = play_from_bytes(&mut Bytes::new(&data), 150, true);
        check_position(game.position());
        for text in ["l2-k3", "n2-n4-n6", "zz", "a1-a1", "p16-a1"] {
            check_move_text(&game, text);
        }
    }
}
