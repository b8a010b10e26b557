//! The extension module `halma._halma`: what the package `halma` re-exports, and the cores of
//! its environments. Each submodule wraps one part of the library; errors become Python
//! exceptions in [`errors`] only.

use pyo3::prelude::*;

mod engine;
mod env;
mod errors;
mod game;
mod record;
mod star;

/// The module maturin builds; `halma/__init__.py` re-exports its public names.
#[pymodule]
#[pyo3(name = "_halma")]
fn halma_module(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<game::Game>()?;
    module.add_class::<game::Outcome>()?;
    module.add_class::<record::Record>()?;
    module.add_class::<star::StarGame>()?;
    module.add_class::<engine::Engine>()?;
    module.add_class::<engine::SearchResult>()?;
    module.add_function(wrap_pyfunction!(engine::perft, module)?)?;
    module.add_class::<env::EnvCore>()?;
    module.add_class::<env::Opponent>()?;
    module.add_function(wrap_pyfunction!(env::move_to_action, module)?)?;
    module.add_function(wrap_pyfunction!(env::action_to_move, module)?)?;
    errors::add_to(module)?;
    module.add("START", halma::Position::start().to_string())?;
    let star_start = halma::StarPosition::start(halma::StarRules::Standard);
    module.add("STAR_START", star_start.to_string())?;
    module.add("DEFAULT_LEVEL", halma::DEFAULT_LEVEL)?;
    module.add("DEFAULT_CONTEMPT", halma::search::DEFAULT_CONTEMPT)?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
