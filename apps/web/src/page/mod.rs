//! The page's words: its texts in each of its players' languages ([`languages`]), written
//! into its HTML when the server starts ([`words`]); the HTTP layer serves the result
//! (`http/assets.rs`).

pub mod languages;
pub mod words;
