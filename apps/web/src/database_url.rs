//! A database URL as the operator gives it (`--database`): what may be shown of it, and
//! what its failures mean. Its password (`postgres://USER:PASSWORD@HOST/DB`, or
//! `?password=`) is a secret, so nothing the server prints carries the URL as given: the
//! log, the start's error and the store's errors show [`redacted`] only.
//!
//! PostgreSQL over TLS is sqlx's (rustls): the URL's `sslmode` (`prefer` by default,
//! `require`, `verify-ca`, `verify-full`) and `sslrootcert` (the CA's certificate, a file)
//! say how; [`explained`] tells an operator what a refused certificate means.

/// `url` without its password (the user's part and any `password=` parameter become
/// `***`), for the log and the errors.
pub fn redacted(url: &str) -> String {
    let (address, query) = url
        .split_once('?')
        .map_or((url, None), |(a, q)| (a, Some(q)));
    let address = match (address.find("://"), address.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let credentials = &address[scheme + 3..at];
            match credentials.split_once(':') {
                Some((user, _)) => {
                    format!("{}{user}:***{}", &address[..scheme + 3], &address[at..])
                }
                None => address.to_owned(),
            }
        }
        _ => address.to_owned(),
    };
    let Some(query) = query else {
        return address;
    };
    let parameters: Vec<String> = query
        .split('&')
        .map(|parameter| match parameter.split_once('=') {
            Some((name, _)) if name.eq_ignore_ascii_case("password") => format!("{name}=***"),
            _ => parameter.to_owned(),
        })
        .collect();
    format!("{address}?{}", parameters.join("&"))
}

/// `error` (the database's, as text) with what it means when it is a refused certificate:
/// the server's certificate is not signed by the CA the URL names (`sslrootcert`), or by a
/// known one, or is not for the host the URL names.
pub fn explained(error: &str) -> String {
    let refused = [
        "UnknownIssuer",
        "NotValidForName",
        "invalid peer certificate",
    ];
    if refused.iter().any(|sign| error.contains(sign)) {
        format!(
            "{error} (the database's TLS certificate was refused: with sslmode=verify-full or \
             verify-ca it must be signed by the CA of sslrootcert, and for verify-full name the \
             URL's host)"
        )
    } else {
        error.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_redacted() {
        assert_eq!(
            redacted("postgres://halma:secret@localhost/halma"),
            "postgres://halma:***@localhost/halma"
        );
        assert_eq!(
            redacted("postgres://halma:p@ss@db:5432/halma?sslmode=require"),
            "postgres://halma:***@db:5432/halma?sslmode=require"
        );
        assert_eq!(
            redacted("postgres://db/halma?user=halma&Password=secret&sslmode=verify-full"),
            "postgres://db/halma?user=halma&Password=***&sslmode=verify-full"
        );
        assert_eq!(
            redacted("postgres://halma@db/halma"),
            "postgres://halma@db/halma"
        );
        assert_eq!(redacted("sqlite:///tmp/a.db"), "sqlite:///tmp/a.db");
        assert_eq!(
            redacted("sqlite:///tmp/a.db?mode=rwc"),
            "sqlite:///tmp/a.db?mode=rwc"
        );
    }

    #[test]
    fn a_refused_certificate_is_explained() {
        let error = "error occurred while attempting to establish a TLS connection: invalid \
                     peer certificate: UnknownIssuer";
        assert!(explained(error).starts_with(error));
        assert!(explained(error).contains("sslrootcert"));
        assert_eq!(explained("connection refused"), "connection refused");
    }
}
