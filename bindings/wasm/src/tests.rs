//! The exports as the host calls them (natively: the same code as in the `.wasm`).

use super::*;
use crate::io::{output_text, put_input};

/// Calls `export` with `text` in the input buffer; its status and output.
fn call(text: &str, export: impl FnOnce(usize) -> i32) -> (i32, String) {
    let len = put_input(text);
    let status = export(len);
    (status, output_text())
}

fn new_game(text: &str) -> u32 {
    let (status, out) = call(text, |l| wasm_game_new(l));
    assert_eq!(status, OK, "{out}");
    out.parse().unwrap()
}

fn output_of(status: i32) -> String {
    let out = output_text();
    assert_eq!(status, OK, "{out}");
    out
}

#[test]
fn a_game_from_the_start_plays_and_undoes() {
    let game = new_game("");
    let moves = output_of(wasm_game_legal_moves(game));
    assert!(
        moves.starts_with("[\"") && moves.contains("\"l2-k3\""),
        "{moves}"
    );
    assert_eq!(moves.matches(',').count() + 1, 40);
    // The move of the longest hop path, given as that path.
    let start = halma::Position::start();
    let jump = start
        .legal_moves()
        .iter()
        .filter_map(|&mv| start.jump_path(mv).map(|path| (mv, path)))
        .max_by_key(|(_, path)| path.len())
        .unwrap();
    let hops: Vec<String> = jump.1.iter().map(ToString::to_string).collect();
    let (status, played) = call(&hops.join("-"), |len| wasm_game_play(game, len));
    assert_eq!(status, OK, "{played}");
    let path = format!("[\"{}\"]", hops.join("\",\""));
    assert_eq!(
        played,
        format!(r#"{{"move":"{}","path":{path},"side":"x"}}"#, jump.0)
    );
    assert_eq!(output_of(wasm_game_undo(game)), format!("\"{}\"", jump.0));
    assert_eq!(wasm_game_undo(game), status::NOTHING_TO_UNDO);
    assert_eq!(output_text(), "there is no move to undo");
    assert_eq!(wasm_game_free(game), OK);
    assert_eq!(wasm_game_free(game), status::NO_GAME);
    assert_eq!(wasm_game_state(game), status::NO_GAME);
}

#[test]
fn the_state_has_what_a_page_draws() {
    let game = new_game("");
    call("l2-k3", |len| wasm_game_play(game, len));
    let state = output_of(wasm_game_state(game));
    for part in [
        r#""turn":"o""#,
        r#""moves":["l2-k3"]"#,
        r#""outcome":{"result":"ongoing","winner":null,"reason":null,"reason_code":null}"#,
        r#""last_move":{"move":"l2-k3","path":["l2","k3"],"side":"x"}"#,
        r#""b14":["#,
    ] {
        assert!(state.contains(part), "{part} not in {state}");
    }
    let record = output_of(wasm_game_record(game));
    assert_eq!(record, "[Result \"*\"]\n\n1. l2-k3\n*\n");
    assert!(new_game(&record) > game);
}

#[test]
fn records_are_written_with_headers_and_read_as_json() {
    let game = new_game("");
    call("l2-k3", |len| wasm_game_play(game, len));
    let headers = "[Site \"https://halma.example/g/1\"]\n[X \"Ann \\\"the fox\\\"\"]\n";
    let (status, record) = call(headers, |len| wasm_record_write(game, 2, len));
    assert_eq!(status, OK, "{record}");
    assert_eq!(
        record,
        format!("{headers}[Result \"1-0\"]\n[Reason \"resignation\"]\n\n1. l2-k3\n1-0\n")
    );
    let (status, read) = call(&record, |len| wasm_record_read(len));
    assert_eq!(status, OK, "{read}");
    let start = halma::Position::start();
    assert_eq!(
        read,
        format!(
            r#"{{"start":"{start}","moves":["l2-k3"],"tags":{{"Site":"https://halma.example/g/1","X":"Ann \"the fox\""}},"result":"1-0","reason":"resignation","resigned":"o","winner":"x"}}"#
        )
    );
    assert_eq!(
        call("", |len| wasm_record_write(game, 0, len)),
        (OK, "[Result \"*\"]\n\n1. l2-k3\n*\n".to_owned())
    );
    // A bare list of moves reads from the start.
    let (status, read) = call("1. n4-n5 b12-b11 2. n2-n4-n6", |len| wasm_record_read(len));
    assert_eq!(status, OK, "{read}");
    assert!(
        read.contains(r#""moves":["n4-n5","b12-b11","n2-n6"]"#),
        "{read}"
    );
    assert!(
        read.contains(r#""reason":null,"resigned":null,"winner":null"#),
        "{read}"
    );
}

#[test]
fn every_ending_is_written_and_read_back() {
    let game = new_game("");
    call("l2-k3", |len| wasm_game_play(game, len));
    for (code, result, reason, winner) in [
        (1, "0-1", "resignation", "o"),
        (2, "1-0", "resignation", "x"),
        (3, "1/2-1/2", "agreement", ""),
        (4, "0-1", "time", "o"),
        (5, "1-0", "time", "x"),
        (6, "0-1", "abandonment", "o"),
        (7, "1-0", "abandonment", "x"),
    ] {
        let (status, record) = call("", |len| wasm_record_write(game, code, len));
        assert_eq!(status, OK, "{record}");
        assert_eq!(
            record,
            format!("[Result \"{result}\"]\n[Reason \"{reason}\"]\n\n1. l2-k3\n{result}\n")
        );
        let (status, read) = call(&record, |len| wasm_record_read(len));
        assert_eq!(status, OK, "{read}");
        let winner = if winner.is_empty() {
            "null".to_owned()
        } else {
            format!("\"{winner}\"")
        };
        assert!(
            read.contains(&format!(
                r#""result":"{result}","reason":"{reason}","resigned":"#
            )) && read.ends_with(&format!(r#""winner":{winner}}}"#)),
            "{read}"
        );
    }
}

#[test]
fn bad_records_and_headers_are_refused() {
    let game = new_game("");
    for (text, status) in [
        ("1. l2-k3 l1-l2", status::PARSE_ERROR),
        ("[Site nowhere]", status::PARSE_ERROR),
        ("", status::PARSE_ERROR),
    ] {
        assert_eq!(
            call(text, |len| wasm_record_read(len)).0,
            status,
            "{text:?}"
        );
    }
    assert_eq!(
        call("[Site a]", |len| wasm_record_write(game, 0, len)).0,
        status::PARSE_ERROR
    );
    assert_eq!(
        call("", |len| wasm_record_write(game, 8, len)).0,
        status::INVALID_ARGUMENT
    );
    assert_eq!(
        call("", |len| wasm_record_write(999_999, 0, len)).0,
        status::NO_GAME
    );
    let over = new_game(
        "xxxxx11/xxxxx11/xxxx12/xxx13/xx14/16/oooooooooo6/ooooooooo7/16/16/16/16/16/16/16/16 o",
    );
    assert_eq!(
        call("", |len| wasm_record_write(over, 1, len)).0,
        status::GAME_OVER
    );
}

#[test]
fn bad_input_is_refused_with_a_status_and_a_message() {
    let game = new_game("");
    assert_eq!(
        call("zz", |l| wasm_game_play(game, l)).0,
        status::PARSE_ERROR
    );
    assert_eq!(
        call("a1-a2", |l| wasm_game_play(game, l)).0,
        status::ILLEGAL_MOVE
    );
    assert_eq!(
        call("q1", |l| wasm_game_destinations(game, l)).0,
        status::PARSE_ERROR
    );
    assert_eq!(
        call("a1", |l| wasm_game_destinations(game, l)),
        (OK, "[]".into())
    );
    assert_eq!(
        call("l2-l5", |l| wasm_game_path(game, l)).0,
        status::ILLEGAL_MOVE
    );
    assert_eq!(call("16/16 x", |l| wasm_game_new(l)).0, status::PARSE_ERROR);
    let start = halma::Position::start().to_string();
    let (status, message) = call(&format!("{start}\nl2-k3 k3-j4\n"), |l| wasm_game_new(l));
    assert_eq!(status, status::PARSE_ERROR);
    assert!(message.contains("move 2"), "{message}");
    // Bytes that are not UTF-8.
    let len = 2;
    let pointer = wasm_input(len);
    assert!(!pointer.is_null());
    crate::io::put_input("\u{80}");
    assert_eq!(wasm_game_new(len), status::PARSE_ERROR);
    // A length past what was written reads only the buffer.
    put_input("");
    assert_eq!(wasm_game_new(1_000_000), OK);
    assert_eq!(wasm_game_perft(game, 6), status::INVALID_ARGUMENT);
    assert_eq!(wasm_search(game, 0, 0.0, 0.0, 0), status::INVALID_ARGUMENT);
    assert_eq!(
        wasm_search(game, 0, f64::NAN, 0.0, 0),
        status::INVALID_ARGUMENT
    );
    assert_eq!(wasm_search(game, 0, -1.0, 0.0, 0), status::INVALID_ARGUMENT);
    assert_eq!(wasm_search(game, 0, 0.5, 0.0, 0), status::INVALID_ARGUMENT);
    assert_eq!(
        wasm_search(game, 0, 0.0, f64::INFINITY, 0),
        status::INVALID_ARGUMENT
    );
    assert_eq!(wasm_search(game, 0, 0.0, 0.0, 11), status::INVALID_ARGUMENT);
    assert_eq!(wasm_search(game, 1, 0.0, 0.0, 3), status::INVALID_ARGUMENT);
    assert_eq!(wasm_search(999_999, 1, 0.0, 0.0, 0), status::NO_GAME);
    assert_eq!(wasm_engine_new(0), status::INVALID_ARGUMENT);
    assert_eq!(wasm_engine_new(100_000), status::INVALID_ARGUMENT);
}

#[test]
fn perft_3_from_the_start_is_85440() {
    let game = new_game("");
    assert_eq!(output_of(wasm_game_perft(game, 3)), "85440");
}

#[test]
fn a_depth_limited_search_reports_each_iteration_and_matches_the_library() {
    let game = new_game("");
    crate::host::native::INFO.with_borrow_mut(Vec::clear);
    let result = output_of(wasm_search(game, 3, 0.0, 0.0, 0));
    let infos = crate::host::native::INFO.with_borrow(Clone::clone);
    assert_eq!(infos.len(), 3, "{infos:?}");
    assert!(infos[2].starts_with(r#"{"depth":3,"#), "{}", infos[2]);
    let native = halma::Engine::new()
        .search(&halma::Game::new(), &halma::Limits::depth(3))
        .unwrap();
    assert!(
        result.starts_with(&format!(r#"{{"move":"{}","#, native.best_move)),
        "{result}"
    );
    assert!(
        result.contains(&format!(r#""nodes":{},"#, native.nodes)),
        "{result}"
    );
}

#[test]
fn the_contempt_is_set_within_its_range_and_decides_a_repetition() {
    // o, a little behind, can take its last move back to a position of the game.
    let game = new_game("m1-k3 d16-f16 l1-k1 b12-a11 k1-l1\n");
    let search = || output_of(wasm_search(game, 3, 0.0, 0.0, 0));
    assert!(!search().starts_with(r#"{"move":"a11-b12","#));
    assert_eq!(wasm_engine_set_contempt(0), status::OK);
    assert!(search().starts_with(r#"{"move":"a11-b12","#));
    for bad in [1001, -1001, i32::MIN] {
        assert_eq!(wasm_engine_set_contempt(bad), status::INVALID_ARGUMENT);
        assert!(output_text().contains("contempt"), "{}", output_text());
    }
    // A new engine has the default again.
    assert_eq!(wasm_engine_new(16), status::OK);
    assert!(!search().starts_with(r#"{"move":"a11-b12","#));
}

#[test]
fn a_finished_game_is_not_searched() {
    // x has filled its goal camp.
    let game = new_game(
        "xxxxx11/xxxxx11/xxxx12/xxx13/xx14/16/oooooooooo6/ooooooooo7/16/16/16/16/16/16/16/16 o",
    );
    assert_eq!(wasm_search(game, 2, 0.0, 0.0, 0), status::GAME_OVER);
    let state = output_of(wasm_game_state(game));
    assert!(state.contains(r#""result":"win","winner":"x""#), "{state}");
    assert!(state.contains(r#""destinations":{}"#), "{state}");
}
