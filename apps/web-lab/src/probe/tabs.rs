//! `stale-moves`: two tabs of each of 10 games syncing as the page's offline play does
//! (read the game, think 0.3 s, post the move for the side to move with the ply it read),
//! the second tab 0.15 s behind the first, each choosing other moves. Every move a tab
//! had acknowledged must be in the game at the ply it was made for; a move made for a ply
//! the game has left is refused (`409 stale_ply`).

use std::path::Path;
use std::time::Duration;

use halma::Game;
use serde_json::{Value, json};

use crate::records::going_move;
use crate::{HONEST, Server};

/// The games, each synced by two tabs.
const GAMES: usize = 10;

/// The moves each tab tries to sync.
const TURNS: usize = 6;

/// A move a tab had acknowledged: the ply it was made for, and its text.
type Acknowledged = (usize, String);

/// What a tab saw: the moves acknowledged, and the stale ones refused.
#[derive(Default)]
struct Synced {
    acknowledged: Vec<Acknowledged>,
    stale: usize,
}

/// The two tabs of each game; the figure: acknowledged moves, stale ones refused, and the
/// games holding a move where its tab did not make it.
pub fn stale_moves(binary: &Path, extra: &[&str]) -> Result<(), String> {
    let server = Server::start(binary, &[&["--no-engine"][..], extra].concat())?;
    let ids = (0..GAMES)
        .map(|_| server.new_game(HONEST, 5))
        .collect::<Result<Vec<_>, _>>()?;
    let synced: Vec<Vec<Synced>> = std::thread::scope(|scope| {
        let tabs: Vec<Vec<_>> = ids
            .iter()
            .map(|id| {
                (0..2)
                    .map(|tab| {
                        let server = &server;
                        scope.spawn(move || {
                            std::thread::sleep(Duration::from_millis(150 * tab as u64));
                            sync(server, id, 1 + 6 * tab)
                        })
                    })
                    .collect()
            })
            .collect();
        tabs.into_iter()
            .map(|game| {
                game.into_iter()
                    .map(|t| t.join().unwrap_or_default())
                    .collect()
            })
            .collect()
    });
    let mut misplaced_games = 0;
    let (mut acknowledged, mut stale) = (0, 0);
    for (id, tabs) in ids.iter().zip(&synced) {
        let moves = texts(
            &server
                .request(HONEST, "GET", &format!("/api/games/{id}"), "")
                .1,
        );
        let misplaced = tabs
            .iter()
            .flat_map(|tab| &tab.acknowledged)
            .any(|(ply, mv)| moves.get(*ply) != Some(mv));
        misplaced_games += usize::from(misplaced);
        acknowledged += tabs.iter().map(|t| t.acknowledged.len()).sum::<usize>();
        stale += tabs.iter().map(|t| t.stale).sum::<usize>();
    }
    println!(
        "figure: two tabs of each of {GAMES} games syncing {TURNS} moves each 0.3 s after reading: {acknowledged} moves acknowledged, {stale} refused as stale (409 stale_ply), {misplaced_games} games of {GAMES} holding an acknowledged move at another ply than its tab's"
    );
    Ok(())
}

/// The moves of a state, as texts.
fn texts(state: &Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .map(|moves| {
            moves
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

/// One tab's syncing of the game `id`: [`TURNS`] times, the game read, 0.3 s of thought,
/// then the move of the side to move (chosen from the `skip`th legal move on) posted with
/// the ply read: the person's as a move, the computer's as a computer move searched by the
/// client.
fn sync(server: &Server, id: &str, skip: usize) -> Synced {
    let mut synced = Synced::default();
    for _ in 0..TURNS {
        let (_, state) = server.request(HONEST, "GET", &format!("/api/games/{id}"), "");
        let moves = texts(&state);
        let mut game = Game::new();
        if moves.iter().any(|mv| game.play_text(mv).is_err()) {
            break;
        }
        let Some(mv) = going_move(&mut game, skip) else {
            break;
        };
        let action = match state["status"].as_str() {
            Some("your_turn") => "move",
            Some("computer_turn") => "computer",
            _ => break,
        };
        std::thread::sleep(Duration::from_millis(300));
        let ply = moves.len();
        let body = json!({ "move": mv.to_string(), "ply": ply }).to_string();
        let path = format!("/api/games/{id}/{action}");
        let (status, answer) = server.request(HONEST, "POST", &path, &body);
        match (status, answer["code"].as_str()) {
            (200, _) => synced.acknowledged.push((ply, mv.to_string())),
            (409, Some("stale_ply")) => synced.stale += 1,
            _ => {}
        }
    }
    synced
}
