//! What the module asks of its JavaScript host besides the library's clock and stop
//! (`halma::clock`): to take a search's progress, and a panic's message before the trap.
//! Natively (the crate's own tests) the reports are kept for the tests to read.

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod imports {
    // SAFETY: the host reads `len` bytes at `text` from this module's memory during the call
    // and keeps no pointer; the callers pass a live `&str`'s pointer and length.
    #[link(wasm_import_module = "halma")]
    unsafe extern "C" {
        pub safe fn info(text: *const u8, len: usize);
        pub safe fn panic(text: *const u8, len: usize);
    }
}

/// Gives the host a search's progress (JSON text).
pub fn info(text: &str) {
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    imports::info(text.as_ptr(), text.len());
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    reports::INFO.with_borrow_mut(|infos| infos.push(text.to_owned()));
}

/// Has every panic tell the host its message before the module traps (`panic = "abort"`).
pub fn report_panics() {
    std::panic::set_hook(Box::new(|panic| {
        let message = panic.to_string();
        #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
        imports::panic(message.as_ptr(), message.len());
        #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
        eprintln!("{message}");
    }));
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub mod reports {
    //! The reports a native build keeps, for the tests.
    use std::cell::RefCell;

    thread_local! {
        /// Every search info reported, in order.
        pub static INFO: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    }
}
