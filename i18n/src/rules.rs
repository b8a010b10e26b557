//! The rules as the page and the terminal game show them: sections in order, each a title,
//! paragraphs and maybe a small diagram, all named by keys of the language files
//! (`rules.json`, the same in every language). The diagrams' positions are positions of the
//! rules tests (`tests/rules.rs`), and this crate's tests check each diagram's claims against
//! the engine.

use std::sync::OnceLock;

use serde::Deserialize;

use crate::RULES_JSON;

/// The rules: their sections, in order.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// The key of the rules' title.
    pub title: String,
    /// The keys of the paragraphs before the first section.
    pub intro: Vec<String>,
    /// The sections.
    pub sections: Vec<Section>,
}

/// One section: a title, paragraphs, a diagram.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// A short name for links: `"jumps"` (the page's `#jumps`).
    pub id: String,
    /// The key of its title.
    pub title: String,
    /// The keys of its paragraphs, in order.
    pub paragraphs: Vec<String>,
    /// Its diagram, if any.
    #[serde(default)]
    pub diagram: Option<Diagram>,
}

/// A small diagram: part of a position, a piece with where it can go, a move's path.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Diagram {
    /// The position, as position text.
    pub position: String,
    /// The test of `tests/rules.rs` that checks this position.
    pub test: String,
    /// The part of the board shown: its bottom-left and top-right squares, `"f6-j10"`.
    pub view: String,
    /// The piece the diagram is about.
    #[serde(default)]
    pub piece: Option<String>,
    /// Every square that piece can move to.
    #[serde(default)]
    pub destinations: Vec<String>,
    /// Squares that piece cannot move to, though a newcomer might think so: crossed out.
    #[serde(default)]
    pub forbidden: Vec<String>,
    /// A move of that piece, drawn as its hop path: origin, each landing, destination.
    #[serde(default)]
    pub path: Vec<String>,
    /// How the game stands once `path` is played (or as shown, without one): `"win"` or
    /// `"no_moves"`.
    #[serde(default)]
    pub outcome: Option<String>,
    /// Whether the page lets the reader play the piece, hop by hop.
    #[serde(default)]
    pub playable: bool,
    /// The key of its caption.
    pub caption: String,
}

impl Rules {
    /// Reads rules text as `rules.json` is written.
    pub fn parse(text: &str) -> Result<Rules, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// Every key the rules name: the title, the paragraphs, the sections' titles and the
    /// captions.
    pub fn keys(&self) -> Vec<&str> {
        let mut keys = vec![self.title.as_str()];
        keys.extend(self.intro.iter().map(String::as_str));
        for section in &self.sections {
            keys.push(&section.title);
            keys.extend(section.paragraphs.iter().map(String::as_str));
            if let Some(diagram) = &section.diagram {
                keys.push(&diagram.caption);
            }
        }
        keys
    }
}

/// The rules of `rules.json` (no sections, should it not parse: the tests make sure it does).
pub fn rules() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| Rules::parse(RULES_JSON).unwrap_or_default())
}
