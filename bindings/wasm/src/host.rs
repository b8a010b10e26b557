//! What the module asks of its JavaScript host (import module `halma`): its clock, whether
//! to stop the running search, to take a search's progress, and a panic's message before the
//! trap. Natively (the crate's own tests) the clock is std's, nothing stops a search from
//! outside, and the reports are kept for the tests to read.

use core::time::Duration;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod imports {
    // SAFETY: `now_ms` and `stop_requested` take nothing and return a plain number, so any
    // value the host returns is valid; `info` and `panic` read `len` bytes at `text` from
    // this module's memory during the call and keep no pointer, and their callers pass a
    // live `&str`'s pointer and length.
    #[link(wasm_import_module = "halma")]
    unsafe extern "C" {
        pub safe fn now_ms() -> f64;
        pub safe fn stop_requested() -> i32;
        pub safe fn info(text: *const u8, len: usize);
        pub safe fn panic(text: *const u8, len: usize);
    }
}

/// The host's monotonic clock: `performance.now()` (zero if it reads no number).
pub fn now() -> Duration {
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    let ms = imports::now_ms();
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    let ms = native::now_ms();
    Duration::try_from_secs_f64(ms / 1000.0).unwrap_or(Duration::ZERO)
}

/// Whether the host asks the running search to stop.
pub fn stop_requested() -> bool {
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    return imports::stop_requested() != 0;
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    false
}

/// Gives the host a search's progress (JSON text).
pub fn info(text: &str) {
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    imports::info(text.as_ptr(), text.len());
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    native::INFO.with_borrow_mut(|infos| infos.push(text.to_owned()));
}

/// Sets the library's clock to the host's and has every panic tell the host its message
/// before the module traps (`panic = "abort"`).
pub fn connect() {
    halma::clock::set(now);
    std::panic::set_hook(Box::new(|panic| {
        let message = panic.to_string();
        #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
        imports::panic(message.as_ptr(), message.len());
        #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
        eprintln!("{message}");
    }));
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub mod native {
    //! The host a native build has: std's clock, and the reports kept for the tests.
    use std::cell::RefCell;
    use std::sync::OnceLock;
    use std::time::Instant;

    thread_local! {
        /// Every search info reported, in order.
        pub static INFO: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    }

    /// Milliseconds since the first reading.
    pub fn now_ms() -> f64 {
        static ORIGIN: OnceLock<Instant> = OnceLock::new();
        ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1e3
    }
}
