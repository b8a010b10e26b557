//! What the `halma` tools share with the library's benchmarks: the named positions.

pub mod positions;
