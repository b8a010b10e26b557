use super::*;
use crate::game::Draw;
use crate::position::Position;

const START: &str =
    "ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x";

/// A position with o to move (x's goal camp filled but one square).
const O_TO_MOVE: &str =
    "xxxxx11/xxxxx11/xxxx12/x1xx12/xx14/16/16/16/16/16/16/10oo4/11oo1oo/12oooo/11ooooo/12oooo o";

/// A game of `plies` moves, each the first legal move (deterministic).
fn played(plies: usize) -> Game {
    let mut game = Game::new();
    for _ in 0..plies {
        let Some(&mv) = game.legal_moves().first() else {
            break;
        };
        game.play(mv).unwrap();
    }
    game
}

/// The game drawn by repetition: both sides step out and back twice.
fn repeated() -> Game {
    let mut game = Game::new();
    for _ in 0..2 {
        for text in ["l2-k3", "e15-f14", "k3-l2", "f14-e15"] {
            game.play_text(text).unwrap();
        }
    }
    assert_eq!(game.outcome(), Outcome::Draw(Draw::Repetition));
    game
}

fn read(text: &str) -> Result<Record, ParseRecordError> {
    text.parse()
}

#[test]
fn the_empty_game_is_its_result() {
    assert_eq!(Game::new().to_record(), "[Result \"*\"]\n\n*\n");
    let game = Game::from_record(&Game::new().to_record()).unwrap();
    assert!(game.moves().is_empty());
    assert_eq!(*game.position(), Position::start());
}

#[test]
fn moves_are_numbered_in_pairs_a_line() {
    let game = played(5);
    let text = game.to_record();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[..2], ["[Result \"*\"]", ""]);
    let numbers: Vec<&str> = lines[2..5]
        .iter()
        .map(|line| line.split(' ').next().unwrap())
        .collect();
    assert_eq!(numbers, ["1.", "2.", "3."]);
    assert_eq!(
        lines[4].split(' ').count(),
        2,
        "the fifth move alone: {text}"
    );
    assert_eq!(lines[5..], ["*"]);
}

#[test]
fn round_trip_keeps_moves_positions_and_outcome() {
    for plies in [1, 2, 7, 40] {
        let game = played(plies);
        let again = Game::from_record(&game.to_record()).unwrap();
        assert_eq!(again.moves(), game.moves());
        assert_eq!(again.positions(), game.positions());
        assert_eq!(again.outcome(), game.outcome());
        assert_eq!(again.to_record(), game.to_record());
    }
}

#[test]
fn random_playouts_round_trip() {
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    for _ in 0..50 {
        let mut game = Game::new();
        for _ in 0..120 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            game.play(moves[(seed % moves.len() as u64) as usize])
                .unwrap();
        }
        let again = Game::from_record(&game.to_record()).unwrap();
        assert_eq!(again.positions(), game.positions());
        assert_eq!(again.outcome(), game.outcome());
    }
}

#[test]
fn a_finished_game_writes_its_result_and_reason() {
    let game = repeated();
    let text = game.to_record();
    assert!(
        text.starts_with("[Result \"1/2-1/2\"]\n[Reason \"repetition\"]\n\n1. l2-k3 e15-f14\n"),
        "{text}"
    );
    assert!(text.ends_with("4. k3-l2 f14-e15\n1/2-1/2\n"), "{text}");
    let again = read(&text).unwrap();
    assert_eq!(again.game().outcome(), game.outcome());
    assert_eq!(
        (again.result(), again.reason(), again.winner()),
        ("1/2-1/2", Some("repetition"), None)
    );
}

#[test]
fn a_win_by_the_rules() {
    let text = "[Position \"xxxxx11/xxxxx11/xxxx12/xxx13/x15/2x13/16/16/7o8/16/16/14oo/13ooo/12oooo/11ooooo/12oooo x\"]\n\n1. c11-b12\n1-0\n";
    let record = read(text).unwrap();
    assert_eq!(record.game().outcome(), Outcome::Win(Side::X));
    assert_eq!(
        (record.result(), record.reason(), record.winner()),
        ("1-0", Some("goal_camp"), Some(Side::X))
    );
    assert_eq!(
        record.to_string(),
        format!(
            "[Result \"1-0\"]\n[Reason \"goal_camp\"]\n{}1. c11-b12\n1-0\n",
            &text[..text.find('\n').unwrap() + 2]
        )
    );
}

#[test]
fn a_record_from_another_start_position() {
    let mut game = Game::from_position(O_TO_MOVE.parse().unwrap());
    for _ in 0..3 {
        let mv = game.legal_moves()[0];
        game.play(mv).unwrap();
    }
    let text = game.to_record();
    let [first, second, third] = [0, 1, 2].map(|i| game.moves()[i]);
    assert_eq!(
        text,
        format!(
            "[Result \"*\"]\n[Position \"{O_TO_MOVE}\"]\n\n1... {first}\n2. {second} {third}\n*\n"
        )
    );
    let again = Game::from_record(&text).unwrap();
    assert_eq!(again.start_position().to_string(), O_TO_MOVE);
    assert_eq!(again.moves(), game.moves());
}

#[test]
fn the_host_headers_are_kept_in_order_and_escaped() {
    let mut record = Record::new(played(2));
    record.set_tag("Site", "https://halma.example/g/1").unwrap();
    record.set_tag("X", "Ann \"the \\ fox\"").unwrap();
    record.set_tag("O", "halma level 5").unwrap();
    record.set_tag("Site", "https://halma.example/g/2").unwrap();
    let text = record.to_string();
    assert!(
        text.starts_with(
            "[Site \"https://halma.example/g/2\"]\n[X \"Ann \\\"the \\\\ fox\\\"\"]\n[O \"halma level 5\"]\n[Result \"*\"]\n\n"
        ),
        "{text}"
    );
    let again = read(&text).unwrap();
    let tags: Vec<_> = again.tags().collect();
    assert_eq!(
        tags,
        [
            ("Site", "https://halma.example/g/2"),
            ("X", "Ann \"the \\ fox\""),
            ("O", "halma level 5")
        ]
    );
    assert_eq!(again.to_string(), text);
    assert_eq!(again.tag("Date"), None);
}

#[test]
fn bad_headers_are_refused_when_set() {
    let mut record = Record::new(Game::new());
    for name in ["", "1st", "Two words", "Ré", "a-b"] {
        assert_eq!(
            record.set_tag(name, "v"),
            Err(TagError::Name(name.to_owned()))
        );
    }
    for name in RESERVED {
        assert_eq!(
            record.set_tag(name, "*"),
            Err(TagError::Reserved(name.to_owned()))
        );
    }
    for value in ["two\nlines", "tab\there", "nul\0"] {
        assert_eq!(
            record.set_tag("Event", value),
            Err(TagError::Value("Event".to_owned()))
        );
    }
    record.set_tag("Event_2", "ภาษาไทย, bahasa Melayu").unwrap();
    assert_eq!(record.tags().len(), 1);
}

#[test]
fn a_resignation_ends_a_game_the_rules_have_not() {
    let mut record = Record::new(played(3));
    assert_eq!((record.is_over(), record.result()), (false, "*"));
    record.resign(Side::O).unwrap();
    assert_eq!(
        (record.is_over(), record.result(), record.reason()),
        (true, "1-0", Some("resignation"))
    );
    assert_eq!(record.resign(Side::X), Err(PlayError::GameOver));
    let again = read(&record.to_string()).unwrap();
    assert_eq!(again.resigned(), Some(Side::O));
    assert_eq!(again.winner(), Some(Side::X));
    assert!(!again.game().outcome().is_over());

    let mut over = Record::new(repeated());
    assert_eq!(over.resign(Side::X), Err(PlayError::GameOver));
}

#[test]
fn every_ending_beyond_the_rules_round_trips() {
    for (ending, result, reason) in [
        (Ending::Resignation(Side::X), "0-1", "resignation"),
        (Ending::Resignation(Side::O), "1-0", "resignation"),
        (Ending::Agreement, "1/2-1/2", "agreement"),
        (Ending::Time(Side::X), "0-1", "time"),
        (Ending::Time(Side::O), "1-0", "time"),
        (Ending::Abandonment(Side::X), "0-1", "abandonment"),
        (Ending::Abandonment(Side::O), "1-0", "abandonment"),
    ] {
        let mut record = Record::new(played(5));
        record.end(ending).unwrap();
        assert_eq!(record.ending(), Some(ending));
        assert_eq!((record.result(), record.reason()), (result, Some(reason)));
        assert_eq!(record.winner(), ending.winner());
        assert_eq!(ending.reason_code(), reason);
        assert_eq!(ending.to_string(), reason);
        assert!(record.is_over());
        assert_eq!(
            record.resigned(),
            match ending {
                Ending::Resignation(side) => Some(side),
                _ => None,
            }
        );
        assert_eq!(record.end(Ending::Agreement), Err(PlayError::GameOver));

        let text = record.to_string();
        assert!(
            text.contains(&format!("[Result \"{result}\"]\n[Reason \"{reason}\"]\n")),
            "{text}"
        );
        assert!(text.ends_with(&format!("\n{result}\n")), "{text}");
        let again = read(&text).unwrap();
        assert_eq!(again.ending(), Some(ending), "{text}");
        assert_eq!(again.game().moves(), record.game().moves());
        assert!(!again.game().outcome().is_over());
        assert_eq!(again.to_string(), text);
    }
    // The rules' ending comes first: a game they ended takes no other.
    let mut over = Record::new(repeated());
    for ending in [
        Ending::Agreement,
        Ending::Time(Side::O),
        Ending::Abandonment(Side::X),
    ] {
        assert_eq!(over.end(ending), Err(PlayError::GameOver));
    }
    assert_eq!((over.ending(), over.reason()), (None, Some("repetition")));
}

#[test]
fn an_ending_and_a_result_that_disagree_are_refused() {
    for (result, reason) in [
        ("1-0", "agreement"),
        ("0-1", "agreement"),
        ("*", "agreement"),
        ("1/2-1/2", "time"),
        ("*", "time"),
        ("1/2-1/2", "abandonment"),
        ("*", "abandonment"),
        ("1/2-1/2", "resignation"),
    ] {
        let text = format!("[Result \"{result}\"]\n[Reason \"{reason}\"]\n1. l2-k3 e15-f14\n");
        match read(&text) {
            Err(ParseRecordError::ResultMismatch { said, .. }) => {
                assert_eq!(said, format!("{result} ({reason})"))
            }
            other => panic!("{text:?}: {other:?}"),
        }
        // The moves' last word disagreeing with the header is refused too.
        let last = if result == "1-0" { "0-1" } else { "1-0" };
        let text = format!("[Result \"{result}\"]\n[Reason \"{reason}\"]\n1. l2-k3 {last}\n");
        assert!(
            matches!(read(&text), Err(ParseRecordError::ResultMismatch { .. })),
            "{text:?}"
        );
    }
    // An ending needs its result said; a game the rules ended takes none.
    assert!(matches!(
        read("[Reason \"agreement\"]\n1. l2-k3\n"),
        Err(ParseRecordError::ResultMismatch { .. })
    ));
    let drawn = repeated()
        .to_record()
        .replace("[Reason \"repetition\"]", "[Reason \"agreement\"]");
    assert!(matches!(
        read(&drawn),
        Err(ParseRecordError::ResultMismatch { .. })
    ));
    // A reason no record knows.
    assert!(matches!(
        read("[Result \"1-0\"]\n[Reason \"forfeit\"]\n1. l2-k3\n"),
        Err(ParseRecordError::Result { line: 2, .. })
    ));
    assert_eq!(Ending::from_reason("forfeit", Some(Side::X)), None);
    assert_eq!(Ending::from_reason("time", None), None);
}

#[test]
fn the_earlier_form_still_reads() {
    let text = format!("{START}\r\nl2-k3\te15-f14\r\n\r\n  n4-n5  \n");
    let game = Game::from_record(&text).unwrap();
    assert_eq!(game.moves().len(), 3);
    let other = format!("{O_TO_MOVE}\n");
    assert_eq!(
        Game::from_record(&other)
            .unwrap()
            .start_position()
            .to_string(),
        O_TO_MOVE
    );
}

#[test]
fn moves_alone_read_from_the_start_hop_paths_and_numbers_optional() {
    for text in [
        "l2-k3 e15-f14 n4-n5",
        "1. l2-k3 e15-f14 2. n4-n5",
        "1.l2-k3 1...e15-f14\n2.n4-n5 *",
        "\u{feff}\n\n  1. l2-k3 e15-f14\n2. n4-n5\n",
    ] {
        let game = Game::from_record(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(game.moves().len(), 3, "{text:?}");
    }
    let game = Game::from_record("n4-n5 b12-b11 n2-n4-n6").unwrap();
    assert_eq!(game.moves()[2].to_string(), "n2-n6");
}

#[test]
fn a_wrong_move_number_is_refused() {
    let error = Game::from_record("1. l2-k3 e15-f14\n3. n2-n4").unwrap_err();
    assert_eq!(
        error,
        ParseRecordError::MoveNumber {
            line: 2,
            text: "3.".to_owned(),
            expected: 2
        }
    );
    let opened_by_o = format!("[Position \"{O_TO_MOVE}\"]\n\n2. a1-a2");
    assert!(matches!(
        Game::from_record(&opened_by_o),
        Err(ParseRecordError::MoveNumber { expected: 1, .. })
    ));
}

#[test]
fn empty_text_is_refused() {
    for text in ["", "\n", "  \n\n", "\u{feff}"] {
        assert_eq!(read(text).unwrap_err(), ParseRecordError::Empty);
    }
}

#[test]
fn a_bad_first_line_of_the_earlier_form_is_a_position_error() {
    for text in [
        "16/16 x",
        &format!(" {START}"),
        &format!("{START} "),
        &format!("{START}x\nl2-k3"),
    ] {
        assert!(
            matches!(read(text), Err(ParseRecordError::Position(_))),
            "{text:?}"
        );
    }
    assert!(matches!(
        read("garbage"),
        Err(ParseRecordError::MoveSyntax { number: 1, .. })
    ));
}

#[test]
fn bad_headers_are_refused_with_their_line() {
    for (text, line) in [
        ("[Site \"a\"]\n[Site \"b\"]\n", 2),
        ("[Site a]\n", 1),
        ("[Site \"a\"\n", 1),
        ("\n[Site \"a\" \"b\"]\n", 2),
        ("[Site \"a\\n\"]\n", 1),
        ("[Site \"a\\\"]\n", 1),
        ("[Site \"a\tb\"]\n", 1),
        ("[1Site \"a\"]\n", 1),
        ("[Result \"*\"]\n[Result \"*\"]\n", 2),
    ] {
        assert_eq!(
            read(text).unwrap_err(),
            ParseRecordError::Header { line },
            "{text:?}"
        );
    }
    assert!(matches!(
        read("[Position \"16/16 x\"]\n"),
        Err(ParseRecordError::PositionHeader { line: 1, .. })
    ));
    for (text, line) in [
        ("[Result \"2-0\"]", 1),
        ("[Site \"\"]\n[Reason \"forfeit\"]", 2),
    ] {
        assert!(
            matches!(read(text), Err(ParseRecordError::Result { line: l, .. }) if l == line),
            "{text:?}"
        );
    }
}

#[test]
fn bad_move_text_says_which_move_and_line() {
    let error = Game::from_record(&format!("{START}\nl2-k3 e15-f14\nn4-n5 zz9")).unwrap_err();
    match error {
        ParseRecordError::MoveSyntax {
            number, line, text, ..
        } => {
            assert_eq!((number, line, text.as_str()), (4, 3, "zz9"));
        }
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn illegal_moves_are_refused_with_their_reason() {
    let text = format!("{START}\nl2-k3 l1-l2");
    match Game::from_record(&text).unwrap_err() {
        ParseRecordError::Unplayable {
            number,
            line,
            mv,
            error: PlayError::Illegal(_),
        } => assert_eq!((number, line, mv.to_string().as_str()), (2, 2, "l1-l2")),
        other => panic!("unexpected {other:?}"),
    }
    // A hop path whose hops are no chain of jumps.
    assert!(matches!(
        Game::from_record("1. n2-n4-n7"),
        Err(ParseRecordError::Unplayable { number: 1, .. })
    ));
}

#[test]
fn moves_after_the_end_are_refused() {
    let text = format!(
        "{}\nl2-k3\n",
        repeated().to_record().trim_end_matches("1/2-1/2\n")
    );
    assert!(matches!(
        Game::from_record(&text),
        Err(ParseRecordError::Unplayable {
            number: 9,
            error: PlayError::GameOver,
            ..
        })
    ));
    assert_eq!(
        Game::from_record("1. l2-k3 * e15-f14").unwrap_err(),
        ParseRecordError::AfterResult {
            line: 1,
            text: "e15-f14".to_owned()
        }
    );
}

#[test]
fn results_must_agree_with_each_other_and_the_moves() {
    let drawn = repeated().to_record();
    for (text, said) in [
        ("[Result \"1-0\"]\n1. l2-k3 *".to_owned(), "1-0"),
        ("1. l2-k3 1-0".to_owned(), "1-0"),
        (
            "[Result \"0-1\"]\n[Reason \"goal_camp\"]\n1. l2-k3".to_owned(),
            "0-1 (goal_camp)",
        ),
        (
            "[Reason \"resignation\"]\n1. l2-k3".to_owned(),
            "resignation",
        ),
        (
            "[Result \"1/2-1/2\"]\n[Reason \"resignation\"]\n".to_owned(),
            "1/2-1/2 (resignation)",
        ),
        (
            drawn
                .replace("1/2-1/2\n", "*\n")
                .replace("[Result \"1/2-1/2\"]\n", ""),
            "* (repetition)",
        ),
        (
            drawn.replace("[Reason \"repetition\"]", "[Reason \"no_moves\"]"),
            "1/2-1/2 (no_moves)",
        ),
        (
            drawn
                .replace(
                    "[Result \"1/2-1/2\"]\n",
                    "[Result \"0-1\"]\n[Reason \"resignation\"]\n",
                )
                .replace("[Reason \"repetition\"]\n", ""),
            "0-1",
        ),
    ] {
        match read(&text) {
            Err(ParseRecordError::ResultMismatch { said: s, .. }) => {
                assert_eq!(s, said, "{text:?}")
            }
            other => panic!("{text:?}: {other:?}"),
        }
    }
    // Said once, or twice alike, or not at all: fine.
    for text in [
        "1. l2-k3 *",
        "[Result \"*\"]\n1. l2-k3",
        "[Result \"*\"]\n1. l2-k3 *",
    ] {
        assert!(!read(text).unwrap().is_over(), "{text:?}");
    }
    let resigned = "[Result \"0-1\"]\n[Reason \"resignation\"]\n1. l2-k3 0-1";
    assert_eq!(read(resigned).unwrap().resigned(), Some(Side::X));
}

#[test]
fn errors_read_as_sentences_in_lower_case() {
    for text in [
        format!("{START}\nl2-k3 l1-l2"),
        "[Site a]".to_owned(),
        "1. l2-k3 1-0".to_owned(),
        "2. l2-k3".to_owned(),
        "[Result \"x\"]".to_owned(),
    ] {
        let message = read(&text).unwrap_err().to_string();
        assert!(
            message.starts_with(|c: char| !c.is_uppercase()),
            "{message}"
        );
        assert!(!message.ends_with('.'), "{message}");
    }
    let error = read(&format!("{START}\nl2-k3 l1-l2")).unwrap_err();
    assert!(error.to_string().starts_with("move 2 (l1-l2) on line 2"));
}

#[test]
fn the_module_example_reads() {
    let docs = include_str!("../record.rs");
    let example: String = docs
        .lines()
        .skip_while(|line| *line != "//! ```text")
        .skip(1)
        .take_while(|line| *line != "//! ```")
        .map(|line| format!("{}\n", line.trim_start_matches("//!").trim_start()))
        .collect();
    let record = read(&example).unwrap();
    assert_eq!(record.resigned(), Some(Side::X));
    assert_eq!(record.tag("Level"), Some("5"));
    assert_eq!(record.to_string(), example.replace("n2-n4-n6", "n2-n6"));
}

/// A xorshift generator: the same numbers on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[test]
fn mangled_records_are_refused_or_read_as_what_they_write() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut game = Game::new();
    for _ in 0..30 {
        let moves = game.legal_moves();
        game.play(moves[rng.below(moves.len())]).unwrap();
    }
    let mut record = Record::new(game);
    record.set_tag("Site", "https://halma.example/g/1").unwrap();
    record.set_tag("X", "Ann \"the fox\"").unwrap();
    record.resign(Side::O).unwrap();
    let text = record.to_string();
    let pieces = [
        "[",
        "]",
        "\"",
        "\\",
        "\n",
        " ",
        ".",
        "...",
        "1.",
        "9.",
        "-",
        "1-0",
        "0-1",
        "*",
        "1/2-1/2",
        "x",
        "/",
        "a1",
        "p16",
        "n2-n4-n6",
        "[Result \"*\"]",
        "\u{feff}",
        "é",
    ];
    let mut read = 0;
    for _ in 0..3_000 {
        let mut mangled = text.clone();
        for _ in 0..1 + rng.below(3) {
            let mut at = rng.below(mangled.len() + 1);
            while !mangled.is_char_boundary(at) {
                at -= 1;
            }
            match rng.below(3) {
                0 => mangled.insert_str(at, pieces[rng.below(pieces.len())]),
                1 => mangled.truncate(at),
                _ => {
                    let mut end = (at + 1 + rng.below(6)).min(mangled.len());
                    while !mangled.is_char_boundary(end) {
                        end += 1;
                    }
                    mangled.replace_range(at..end, "");
                }
            }
        }
        if let Ok(again) = mangled.parse::<Record>() {
            read += 1;
            let written = again.to_string();
            let twice: Record = written
                .parse()
                .unwrap_or_else(|e| panic!("{written:?}: {e}"));
            assert_eq!(twice.to_string(), written);
        }
    }
    assert!(read > 100, "only {read} mangled records read");
}
