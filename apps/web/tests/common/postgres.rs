//! The PostgreSQL the tests may use (shared by the unit tests of `src/store.rs`).

/// The PostgreSQL URL for tests, from `HALMA_TEST_POSTGRES`; without it the test says it is
/// skipped, and fails under CI (`CI` set), where it must run.
pub fn postgres() -> Option<String> {
    match std::env::var("HALMA_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            assert!(
                std::env::var_os("CI").is_none(),
                "HALMA_TEST_POSTGRES must name a PostgreSQL database under CI"
            );
            println!("skipped: HALMA_TEST_POSTGRES is not set (no PostgreSQL to test against)");
            None
        }
    }
}
