//! The Rust side of `halma`'s Python package.
//!
//! - [`view`]: a game as a learning agent sees it from its side (the board turned for `o`):
//!   observation planes, actions (`from * 256 + to`) and their mask.
//! - [`picture`]: a position drawn as text and as an RGB image.
//! - With the feature `python`: the extension module `halma._halma` (PyO3), which maturin
//!   builds into the wheel. Without it this crate is plain Rust, so the workspace builds and
//!   tests on machines without Python; the encodings above are tested here either way.

#![deny(missing_docs)]
#![deny(unsafe_code)]

pub mod picture;
pub mod view;

#[cfg(feature = "python")]
mod python;
