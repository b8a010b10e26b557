//! The players who repeat moves, as people learning the game do: a pendulum, a camp cycler
//! and a random mover inside its own camp. Each keeps its army at home as long as it can, so
//! that while it plays so the opponent's goal camp stays full of its pieces; `NAME:N+PLAYER`
//! repeats for the game's first N plies only, then plays on as PLAYER.

use halma::{Game, Move};

use crate::rng::Rng;
use crate::styles::greedy;

/// `pendulum`: takes its previous move back when that is legal, else plays greedy's move:
/// one piece goes out and back, again and again.
pub fn pendulum(game: &Game) -> Option<Move> {
    previous(game)
        .map(|mv| Move::new(mv.to, mv.from))
        .filter(|&back| game.position().is_legal(back))
        .or_else(|| greedy(game))
}

/// `cycler`: moves a piece within its own home camp whenever it can, never straight back:
/// the first such move in generation order that does not take back its previous move; else
/// greedy's move (with its camp full, its first move leaves it).
pub fn cycler(game: &Game) -> Option<Move> {
    let home = game.position().turn().home();
    let back = previous(game).map(|mv| Move::new(mv.to, mv.from));
    game.legal_moves()
        .iter()
        .copied()
        .find(|&mv| home.contains(mv.from) && home.contains(mv.to) && Some(mv) != back)
        .or_else(|| greedy(game))
}

/// `camper`: a random move within its own home camp, drawn from `rng`; a random move of
/// all when it has none (with its camp full).
pub fn camper(game: &Game, rng: &mut Rng) -> Option<Move> {
    let home = game.position().turn().home();
    let moves = game.legal_moves();
    let inside: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|mv| home.contains(mv.from) && home.contains(mv.to))
        .collect();
    let pool: &[Move] = if inside.is_empty() { &moves } else { &inside };
    (!pool.is_empty()).then(|| pool[rng.below(pool.len())])
}

/// The side to move's previous move, if it made one.
fn previous(game: &Game) -> Option<Move> {
    let moves = game.moves();
    moves.len().checked_sub(2).map(|index| moves[index])
}

#[cfg(test)]
mod tests {
    use halma::{Outcome, Side};

    use super::*;

    /// Plays `plies` plies of `player` against itself from the start.
    fn self_play(plies: usize, mut player: impl FnMut(&Game) -> Option<Move>) -> Game {
        let mut game = Game::new();
        for _ in 0..plies {
            if game.outcome().is_over() {
                break;
            }
            let mv = player(&game).expect("a move");
            game.play(mv).unwrap();
        }
        game
    }

    #[test]
    fn a_pendulum_goes_out_and_back() {
        let game = self_play(8, pendulum);
        let moves = game.moves();
        for (index, mv) in moves.iter().enumerate().skip(2) {
            assert_eq!(
                (mv.from, mv.to),
                (moves[index - 2].to, moves[index - 2].from)
            );
        }
        assert_eq!(game.positions()[4], game.positions()[0]);
    }

    #[test]
    fn a_pendulum_kept_from_going_back_moves_on() {
        // o's piece on k1 (from a12) takes l2 when x's piece steps out to k3.
        let start = "ooooo11/ooooo11/oooo12/ooo13/o15/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/10oxxxxx x";
        let mut game = Game::from_position(start.parse().unwrap());
        game.play("l2-k3".parse().unwrap()).unwrap();
        game.play("k1-l2".parse().unwrap()).unwrap();
        let mv = pendulum(&game).unwrap();
        assert!(game.position().is_legal(mv));
        assert_eq!(Some(mv), greedy(&game));
    }

    #[test]
    fn a_cycler_stays_home_and_repeats() {
        let game = self_play(200, cycler);
        assert_eq!(game.outcome(), Outcome::Draw(halma::Draw::Repetition));
        for side in Side::ALL {
            let home = game.position().pieces(side) & side.home();
            assert_eq!(home.count(), 18, "{}", game.position());
        }
    }

    #[test]
    fn a_camper_moves_inside_its_camp_when_it_can() {
        let mut rng = Rng::new(3);
        let game = self_play(40, |game| camper(game, &mut rng));
        assert!(matches!(
            game.outcome(),
            Outcome::Ongoing | Outcome::Draw(halma::Draw::Repetition)
        ));
        for side in Side::ALL {
            assert_eq!(
                (game.position().pieces(side) & side.home()).count(),
                18,
                "{}",
                game.position()
            );
        }
        let first = |seed| {
            let mut rng = Rng::new(seed);
            self_play(12, |game| camper(game, &mut rng))
                .moves()
                .to_vec()
        };
        assert_eq!(first(5), first(5));
        assert_ne!(first(5), first(6));
    }
}
