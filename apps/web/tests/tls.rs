//! PostgreSQL over TLS, against a cluster with `ssl=on` and a certificate for `localhost`
//! signed by a test CA (both made at set-up, `apps/web/ci/postgres-tls.sh`): the store opens
//! with `sslmode=require`, and with `sslmode=verify-full` and the CA as `sslrootcert`; with
//! another CA as `sslrootcert` it is refused, and the server's start says why, without the
//! password. Without that cluster the tests say they are skipped, and fail under CI.

use std::process::Command;

use halma_web::Store;

/// The URL of the TLS cluster's database, the CA that signed its certificate and a CA
/// that did not; `None` (after a note) without them.
fn cluster() -> Option<(String, String, String)> {
    let read = |name: &str| std::env::var(name).ok().filter(|value| !value.is_empty());
    match (
        read("HALMA_TEST_POSTGRES_TLS"),
        read("HALMA_TEST_POSTGRES_CA"),
        read("HALMA_TEST_POSTGRES_OTHER_CA"),
    ) {
        (Some(url), Some(ca), Some(other)) => Some((url, ca, other)),
        _ => {
            assert!(
                std::env::var_os("CI").is_none(),
                "HALMA_TEST_POSTGRES_TLS and its CAs must be set under CI \
                 (apps/web/ci/postgres-tls.sh)"
            );
            println!("skipped: HALMA_TEST_POSTGRES_TLS is not set (no PostgreSQL over TLS)");
            None
        }
    }
}

/// `url` with the query `parameters`.
fn with(url: &str, parameters: &str) -> String {
    let joiner = if url.contains('?') { '&' } else { '?' };
    format!("{url}{joiner}{parameters}")
}

/// Whether the store opens on `url`; the error's text if not.
fn opens(url: &str) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let store = Store::connect(url, 2)
            .await
            .map_err(|error| error.to_string())?;
        // The connection is encrypted: PostgreSQL says so of the session itself.
        let encrypted: bool =
            sqlx::query_scalar("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
                .fetch_one(store.pool())
                .await
                .map_err(|error| error.to_string())?;
        assert!(encrypted, "{url}: the session is not encrypted");
        store.close().await;
        Ok(())
    })
}

#[test]
fn tls_connects_when_required_and_when_the_certificate_is_verified() {
    let Some((url, ca, _)) = cluster() else {
        return;
    };
    opens(&with(&url, "sslmode=require")).expect("sslmode=require");
    opens(&with(
        &url,
        &format!("sslmode=verify-full&sslrootcert={ca}"),
    ))
    .expect("sslmode=verify-full with the CA");
    opens(&with(&url, &format!("sslmode=verify-ca&sslrootcert={ca}")))
        .expect("sslmode=verify-ca with the CA");
}

#[test]
fn a_certificate_of_another_ca_is_refused_with_a_clear_error() {
    let Some((url, _, other)) = cluster() else {
        return;
    };
    let url = with(&url, &format!("sslmode=verify-full&sslrootcert={other}"));
    let error = opens(&url).expect_err("another CA's certificate");
    assert!(error.contains("UnknownIssuer"), "{error}");
    // The server's start says it in full, without the password.
    let output = Command::new(env!("CARGO_BIN_EXE_halma-web"))
        .args(["--port", "0", "--database", &url])
        .output()
        .expect("the server runs");
    let said = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{said}");
    assert!(said.contains("cannot open the database"), "{said}");
    assert!(said.contains("certificate was refused"), "{said}");
    assert!(said.contains("sslrootcert"), "{said}");
    assert!(!said.contains(":halma@"), "no password: {said}");
}
