//! The rules at the terminal: the sections of `i18n/rules.json` in the player's language,
//! each diagram drawn as a small board.

use halma::{Position, Square};
use halma_i18n::{Diagram, rules};

use crate::board::{self, Cell, View};
use crate::text::{self, Words};

/// Lines of prose are broken at this width.
const WIDTH: usize = 78;

/// The rules as text, diagrams coloured when `colour` is set.
pub fn text(words: Words, colour: bool) -> String {
    let rules = rules::rules();
    let mut out = format!("{}\n", words.text(&rules.title));
    for key in &rules.intro {
        out.push('\n');
        out.push_str(&text::wrap(words.text(key), WIDTH));
        out.push('\n');
    }
    for (number, section) in rules.sections.iter().enumerate() {
        out.push_str(&format!(
            "\n{}. {}\n",
            number + 1,
            words.text(&section.title)
        ));
        for key in &section.paragraphs {
            out.push_str(&text::wrap(words.text(key), WIDTH));
            out.push('\n');
        }
        if let Some(diagram) = &section.diagram
            && let Some(drawn) = draw(diagram, colour)
        {
            out.push('\n');
            out.push_str(&drawn);
            out.push_str(&text::wrap(words.text(&diagram.caption), WIDTH));
            out.push('\n');
        }
    }
    out.push('\n');
    out.push_str(&text::wrap(words.text("play.rules.legend"), WIDTH));
    out
}

/// A diagram as a small board: its piece in capitals, its hops numbered in order, where it
/// can go `*`, where it may not `#`. `None` if its text is not a position and a view (the
/// tests make sure every one is).
fn draw(diagram: &Diagram, colour: bool) -> Option<String> {
    let position: Position = diagram.position.parse().ok()?;
    let view = View::parse(&diagram.view)?;
    let square = |name: &String| name.parse::<Square>().ok();
    let piece = diagram.piece.as_ref().and_then(square);
    let hops: Vec<Square> = diagram.path.iter().skip(1).filter_map(square).collect();
    let destinations: Vec<Square> = diagram.destinations.iter().filter_map(square).collect();
    let forbidden: Vec<Square> = diagram.forbidden.iter().filter_map(square).collect();
    Some(board::grid(view, colour, |at| {
        let hop = hops.iter().position(|&hop| hop == at);
        // Hop numbers are digits: a path of more than 9 hops shows `*` past the ninth.
        let mark = match hop {
            Some(index) => char::from_digit(index as u32 + 1, 10).or(Some('*')),
            None if destinations.contains(&at) => Some('*'),
            None if forbidden.contains(&at) => Some('#'),
            None => None,
        };
        Cell {
            capital: Some(at) == piece,
            mark,
            lit: hop.is_some() || destinations.contains(&at),
            ..Cell::of(&position, at)
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_diagram_is_drawn_with_its_marks() {
        let rules = rules::rules();
        let chains = rules
            .sections
            .iter()
            .find(|section| section.id == "chains")
            .and_then(|section| section.diagram.as_ref())
            .expect("the chains diagram");
        let drawn = draw(chains, false).expect("drawn");
        // e4 in capitals on rank 4, the four hops numbered.
        let rank = |number: u8| {
            drawn
                .lines()
                .find(|line| line.trim_start().starts_with(&format!("{number} ")))
                .unwrap_or_else(|| panic!("rank {number} in\n{drawn}"))
                .to_owned()
        };
        assert!(rank(4).contains('X'), "{drawn}");
        assert!(rank(6).contains(" 1"), "{drawn}");
        assert!(rank(12).contains(" 4"), "{drawn}");
        for section in &rules.sections {
            if let Some(diagram) = &section.diagram {
                assert!(draw(diagram, true).is_some(), "{}", section.id);
            }
        }
    }

    #[test]
    fn the_rules_read_in_every_language() {
        for catalog in halma_i18n::catalogs() {
            let rules = text(catalog, false);
            assert!(
                rules.contains(catalog.text("rules.goal.title")),
                "{catalog}"
            );
            assert!(!rules.contains("rules."), "{catalog}: a key shows\n{rules}");
        }
    }
}
