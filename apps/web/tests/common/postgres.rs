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

/// `url` with a fresh schema of its own first on the search path (created here), so that a
/// test sees only its own tables.
pub fn postgres_schema(url: &str) -> String {
    use sqlx::Connection;
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).expect("random bytes");
    let schema: String = std::iter::once("test_".to_owned())
        .chain(bytes.iter().map(|b| format!("{b:02x}")))
        .collect();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let mut connection = sqlx::PgConnection::connect(url).await.expect("PostgreSQL");
        sqlx::query(&format!("CREATE SCHEMA {schema}"))
            .execute(&mut connection)
            .await
            .expect("a schema");
    });
    let joiner = if url.contains('?') { '&' } else { '?' };
    format!("{url}{joiner}options=-c%20search_path%3D{schema}")
}
