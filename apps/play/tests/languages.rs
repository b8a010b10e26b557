//! The terminal game in each of its languages, driven as a player would: the language it
//! picks (`--lang`, the locale variables, English), every kind of line it says in Thai and
//! in Malay with no English word where a translation belongs, a whole game to its end, and
//! the language files' terminal texts all used by the game.

mod common;

use std::collections::BTreeSet;

use common::*;
use halma::Game;
use halma_i18n::{Catalog, check, english, find};
use unicode_width::UnicodeWidthStr;

fn thai() -> &'static Catalog {
    find("th").expect("th.json")
}

fn malay() -> &'static Catalog {
    find("ms").expect("ms.json")
}

/// The translations (not English).
fn translations() -> [&'static Catalog; 2] {
    [thai(), malay()]
}

/// Asserts that `output`, shown in `language`, has no English word where a translation
/// belongs and shows no key of the language files. The lines the player typed (echoed
/// after the prompt) are theirs.
fn assert_translated(output: &str, language: &'static Catalog) {
    let said: String = output
        .lines()
        .filter(|line| !line.starts_with("x> ") && !line.starts_with("o> "))
        .collect::<Vec<_>>()
        .join("\n");
    let found = check::english_words(&said, language);
    assert!(
        found.is_empty(),
        "{language}: English words {found:?} in:\n{output}"
    );
    for key in english().messages().keys() {
        assert!(
            !output.contains(key.as_str()),
            "{language}: the key {key} shows in:\n{output}"
        );
    }
}

/// The welcome's first words in `language`.
fn greeting(language: &Catalog) -> String {
    language
        .text("play.welcome")
        .split('{')
        .next()
        .expect("text before the first name")
        .to_owned()
}

/// A run's arguments, its environment, and the language expected.
type Case<'a> = (&'a [&'a str], &'a [(&'a str, &'a str)], &'a str);

#[test]
fn the_language_is_lang_s_then_the_locale_s_then_english() {
    let cases: [Case; 8] = [
        (&[], &[], "en"),
        (&[], &[("LANG", "th_TH.UTF-8")], "th"),
        (&[], &[("LANG", "ms_MY.UTF-8")], "ms"),
        (
            &[],
            &[("LANG", "th_TH.UTF-8"), ("LC_ALL", "ms_MY.UTF-8")],
            "ms",
        ),
        (
            &[],
            &[("LANG", "th_TH.UTF-8"), ("LC_MESSAGES", "ms_MY")],
            "ms",
        ),
        (&[], &[("LANG", "fr_FR.UTF-8")], "en"),
        (&["--lang", "en"], &[("LANG", "th_TH.UTF-8")], "en"),
        (&["--lang=th"], &[("LC_ALL", "ms_MY.UTF-8")], "th"),
    ];
    for (args, env, tag) in cases {
        let out = play_in(args, env, "quit\n");
        let language = find(tag).expect("a language");
        assert!(
            out.starts_with(&greeting(language)),
            "{args:?} {env:?}:\n{out}"
        );
        assert!(
            out.ends_with(&format!("{}\n", language.text("play.bye"))),
            "{out}"
        );
    }
}

#[test]
fn a_mistake_on_the_command_line_is_said_in_the_language() {
    for (args, env, tag) in [
        (&["--level", "0", "--lang", "th"][..], &[][..], "th"),
        (&["--lang", "fr"], &[("LANG", "ms_MY.UTF-8")], "ms"),
        (&["--frobnicate"], &[("LC_ALL", "th_TH.UTF-8")], "th"),
    ] {
        let run = run_in(args, env, "");
        let language = find(tag).expect("a language");
        assert_eq!(run.status.code(), Some(2), "{args:?}");
        let prefix = language
            .text("play.error")
            .split('{')
            .next()
            .expect("a prefix");
        assert!(run.stderr.starts_with(prefix), "{args:?}: {}", run.stderr);
        assert_translated(&run.stderr, language);
        assert!(run.stdout.is_empty());
    }
    let run = run_in(&["--lang", "fr"], &[], "");
    assert!(
        run.stderr.contains("\"fr\"") && run.stderr.contains("en, ms, th"),
        "{}",
        run.stderr
    );
}

#[test]
fn the_usage_is_in_each_language() {
    for language in translations() {
        let run = run_in(&["--help", "--lang", language.tag()], &[], "");
        assert!(run.status.success());
        assert!(
            run.stdout.starts_with(language.text("play.usage.about")),
            "{}",
            run.stdout
        );
        assert!(run.stdout.contains("--lang <en|ms|th>"), "{}", run.stdout);
        // Option names are what they are, and so is the command that starts the game; the
        // rest is translated.
        let prose: String = run
            .stdout
            .lines()
            .filter(|line| !line.contains("cargo run"))
            .flat_map(str::split_whitespace)
            .filter(|word| !word.starts_with("--") && !word.starts_with("`"))
            .collect::<Vec<_>>()
            .join(" ");
        assert_translated(&prose, language);
    }
}

/// A session that meets every kind of line a player can meet but the end of a game, typed
/// with `language`'s command words.
fn everything(language: &Catalog, save: &str, missing: &str) -> String {
    let word = |name: &str| {
        let key = format!("play.command.{name}");
        let words = language.text(&key);
        words.split_whitespace().next().expect("a word").to_owned()
    };
    [
        word("help"),
        word("rules"),
        format!("{} n2", word("moves")),
        "n2".into(),
        format!("{} e15", word("moves")),
        format!("{} h8", word("moves")),
        format!("{} p1", word("moves")),
        format!("{} z9", word("moves")),
        "hello".into(),
        "l2-l2".into(),
        "p1-p6".into(),
        "zz-k3".into(),
        "l2-".into(),
        word("level"),
        format!("{} 11", word("level")),
        format!("{} q", word("new")),
        format!("{} me", word("hint")),
        word("save"),
        word("hint"),
        "l2-k3".into(),
        format!("{} {save}", word("save")),
        format!("{} {save}", word("load")),
        format!("{} {missing}", word("load")),
        word("undo"),
        word("undo"),
        word("board"),
        format!("{} 2", word("level")),
        format!("{} o", word("new")),
        word("quit"),
    ]
    .join("\n")
        + "\n"
}

#[test]
fn every_line_of_a_session_is_translated() {
    for language in translations() {
        // File names without letters: a path is the player's, not a text of the game.
        let save = temp_file(&format!("{}1", language.tag().len()));
        let save = save.to_str().expect("a utf-8 path");
        let missing = format!("{save}0");
        let out = play_in(
            &["--lang", language.tag()],
            &[],
            &everything(language, save, &missing),
        );
        std::fs::remove_file(save).expect("the game was saved");
        assert_translated(&out.replace(save, ""), language);
        for line in [
            language.text("play.help.title").to_owned(),
            language.text("rules.title").to_owned(),
            language.format(
                "play.square.computers",
                &[("square", &"e15"), ("side", &"o")],
            ),
            language.format(
                "play.square.can_go",
                &[("square", &"n2"), ("squares", &"l4")],
            ),
            language.text("play.nothing_to_undo").to_owned(),
        ] {
            assert!(
                out.contains(&format!("{line}\n")),
                "{language}: no {line:?} in\n{out}"
            );
        }
        // The computer replied and opened the new game as x.
        let plays = language.text("play.computer_plays");
        let opening = plays.split('{').next().expect("text");
        assert!(out.matches(opening).count() >= 2, "{language}:\n{out}");
        assert!(
            out.contains(&language.format("play.new_game", &[("side", &"o")])),
            "{out}"
        );
    }
}

#[test]
fn the_help_table_lines_up_in_every_script() {
    for language in halma_i18n::catalogs() {
        let out = play_in(&["--lang", language.tag()], &[], "help\nquit\n");
        let help: Vec<&str> = out
            .lines()
            .skip_while(|line| !line.ends_with(language.text("play.help.title")))
            .skip(1)
            .take_while(|line| line.starts_with("  "))
            .collect();
        assert!(help.len() >= 12, "{language}:\n{out}");
        // Where a line's text starts, in columns: after the indent of a further line, or
        // after the gap that follows what to type.
        let start = |line: &str| {
            let lead = line.len() - line.trim_start().len();
            if lead > 2 {
                return lead;
            }
            let gap = line[2..].find("   ").expect("a gap") + 2;
            let text = gap + (line[gap..].len() - line[gap..].trim_start().len());
            line[..text].width()
        };
        let column = start(help[0]);
        for line in &help {
            assert_eq!(
                start(line),
                column,
                "{language}: {line:?}\n{}",
                help.join("\n")
            );
        }
    }
}

#[test]
fn malay_commands_work_as_well_as_english_ones() {
    let words = ["petunjuk", "papan", "tahap 3", "undur", "bantuan", "keluar"];
    let out = play_in(&["--lang", "ms"], &[], &(words.join("\n") + "\n"));
    let malay = malay();
    let hint = malay.text("play.hint").split('{').next().expect("text");
    assert!(
        out.contains(&format!("x> petunjuk\n{}", malay.text("play.hint_thinks"))),
        "{out}"
    );
    assert!(out.contains(hint), "{out}");
    assert!(
        out.contains(&malay.format("play.level.set", &[("level", &3)])),
        "{out}"
    );
    assert!(out.contains(malay.text("play.nothing_to_undo")), "{out}");
    assert!(out.contains(malay.text("play.help.english")), "{out}");
    assert!(
        out.ends_with(&format!("x> keluar\n{}\n", malay.text("play.bye"))),
        "{out}"
    );
    // And the English words in Malay.
    let out = play_in(&["--lang", "ms"], &[], "hint\nquit\n");
    assert!(out.contains(hint), "{out}");
}

/// Loads `game` into a session in `language` and quits: the output.
fn load(game: &Game, language: &Catalog, name: &str) -> String {
    let file = temp_file(name);
    std::fs::write(&file, game.to_record()).expect("write");
    let path = file.to_str().expect("a utf-8 path").to_owned();
    let out = play_in(
        &["--lang", language.tag()],
        &[],
        &format!("load {path}\nquit\n"),
    );
    std::fs::remove_file(&file).expect("remove the record");
    out.replace(&path, "")
}

#[test]
fn the_end_of_a_game_is_said_in_each_language() {
    let mut won = one_step_from_winning();
    won.play_text("b11-b12").expect("legal");
    let drawn = blocked_repetition();
    for language in halma_i18n::catalogs() {
        let out = load(&won, language, &format!("{}2", language.tag().len()));
        let win = language.format(
            "play.result.win",
            &[
                ("side", &"x"),
                ("who", &language.text("play.result.you_win")),
            ],
        );
        let announced = language.format("play.over.announce", &[("result", &win)]);
        assert!(out.contains(&announced), "{language}:\n{out}");
        assert_translated(&out, language);

        let out = load(&drawn, language, &format!("{}3", language.tag().len()));
        let blocked = language.format(
            "play.result.blocked",
            &[("side", &"x"), ("other", &"o"), ("squares", &"a16")],
        );
        let result = format!("{}: {blocked}", language.text("play.result.repetition"));
        let announced = language.format("play.over.announce", &[("result", &result)]);
        assert!(out.contains(&announced), "{language}:\n{out}");
        assert_translated(&out, language);
    }
}

/// The player follows the computer's hints until the game ends in Thai: a whole game
/// without one English word, and its end announced in Thai.
#[test]
fn a_whole_game_in_thai() {
    whole_game(thai());
}

/// The same in Malay.
#[test]
fn a_whole_game_in_malay() {
    whole_game(malay());
}

/// A whole game in `language`, following the hints.
fn whole_game(language: &'static Catalog) {
    let (mut game, mut transcript) = Driver::start(&["--depth", "1", "--lang", language.tag()]);
    let hint = language
        .text("play.hint")
        .split('{')
        .next()
        .expect("text")
        .to_owned();
    let over = language
        .text("play.over.announce")
        .split('{')
        .next()
        .expect("text")
        .to_owned();
    let mut plies = 0;
    loop {
        assert!(plies < 2000, "the game did not end in {plies} plies");
        let answer = game.say("hint");
        let mv = answer
            .lines()
            .find_map(|line| line.strip_prefix(hint.as_str()))
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or_else(|| panic!("no hint in {answer}"))
            .to_owned();
        transcript.push_str(&answer);
        let answer = game.say(&mv);
        transcript.push_str(&answer);
        plies += 2;
        if answer.contains(&over) {
            break;
        }
    }
    let after = game.say("hint");
    assert!(
        after.starts_with(&format!("hint\n{}", language.text("play.over.hint"))),
        "{after}"
    );
    drop(game.stdin);
    let status = game.child.wait().expect("the game ends");
    assert_eq!(status.code(), Some(0));
    assert_translated(&transcript, language);
}

/// The terminal's texts in the sources: every `play.*` key English has is used by the game,
/// and every key the game names exists.
#[test]
fn every_terminal_text_is_used_and_every_one_used_exists() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut named = BTreeSet::new();
    for entry in std::fs::read_dir(&dir).expect("src") {
        let source = std::fs::read_to_string(entry.expect("a file").path()).expect("a source");
        for piece in source.split('"').skip(1).step_by(2) {
            if piece.starts_with("play.") {
                named.insert(piece.to_owned());
            }
        }
    }
    let known: BTreeSet<String> = english()
        .messages()
        .keys()
        .filter(|key| key.starts_with("play."))
        .cloned()
        .collect();
    let unused: Vec<_> = known.difference(&named).collect();
    let unknown: Vec<_> = named.difference(&known).collect();
    assert!(unused.is_empty(), "texts the game never shows: {unused:?}");
    assert!(unknown.is_empty(), "keys with no text: {unknown:?}");
}
