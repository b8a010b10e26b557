//! The two buffers through which text crosses between the host and the module: the host
//! writes a call's text input into the input buffer ([`crate::wasm_input`]), and reads a
//! call's text result (or error message) from the output buffer.

use std::cell::RefCell;

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<String> = const { RefCell::new(String::new()) };
}

/// The input buffer, `len` bytes long (contents unspecified) for the host to fill; `None`
/// when the memory for it cannot be had.
pub fn reserve_input(len: usize) -> Option<*mut u8> {
    INPUT.with_borrow_mut(|input| {
        input.clear();
        input.try_reserve_exact(len).ok()?;
        input.resize(len, 0);
        Some(input.as_mut_ptr())
    })
}

/// Calls `f` with the input text: the bytes the host wrote, `len` of them (at most the
/// buffer's length), or an error message when they are not UTF-8.
pub fn with_input<T>(len: usize, f: impl FnOnce(&str) -> T) -> Result<T, String> {
    INPUT.with_borrow(|input| {
        let bytes = &input[..len.min(input.len())];
        match core::str::from_utf8(bytes) {
            Ok(text) => Ok(f(text)),
            Err(error) => Err(format!("the text is not UTF-8: {error}")),
        }
    })
}

/// Replaces the output with `text`.
pub fn set_output(text: &str) {
    OUTPUT.with_borrow_mut(|output| {
        output.clear();
        output.push_str(text);
    });
}

/// Where the output starts, and its length in bytes.
pub fn output() -> (*const u8, usize) {
    OUTPUT.with_borrow(|output| (output.as_ptr(), output.len()))
}

#[cfg(test)]
/// The output as text (for tests).
pub fn output_text() -> String {
    OUTPUT.with_borrow(Clone::clone)
}

#[cfg(test)]
/// Fills the input buffer with `text` as the host would, and returns its length.
pub fn put_input(text: &str) -> usize {
    let pointer = reserve_input(text.len()).expect("memory");
    INPUT.with_borrow_mut(|input| {
        assert_eq!(input.as_mut_ptr(), pointer);
        input.copy_from_slice(text.as_bytes());
    });
    text.len()
}
