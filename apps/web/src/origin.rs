//! A web origin, `scheme://host[:port]`, as browsers send it in `Origin` and as the
//! operator names the site's (`--public-origin`): behind a reverse proxy the browser's
//! origin (`https://halma.example.org`) is not what the server sees (`Host` may have lost
//! the port, the scheme is the proxy's), so the operator says it. Two origins are the same
//! when their schemes, hosts and ports are: compared in their normal form (lower case, the
//! scheme's default port left out, as browsers write it).

use std::fmt;

/// An origin in its normal form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    scheme: String,
    host: String,
    port: Option<u16>,
}

impl Origin {
    /// Reads `http[s]://host[:port]` (a trailing `/` allowed, no path); `None` otherwise.
    pub fn parse(text: &str) -> Option<Origin> {
        let (scheme, rest) = text.split_once("://")?;
        let scheme = scheme.to_ascii_lowercase();
        let default_port = match scheme.as_str() {
            "http" => 80,
            "https" => 443,
            _ => return None,
        };
        let authority = rest.strip_suffix('/').unwrap_or(rest);
        // An IPv6 literal keeps its brackets; the port follows the last `]` or `:`.
        let (host, port) = match authority.rsplit_once(':') {
            Some((host, port)) if !port.contains(']') => (host, Some(port.parse::<u16>().ok()?)),
            _ => (authority, None),
        };
        let valid = !host.is_empty()
            && host.bytes().all(|b| {
                b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'[' | b']' | b':')
            });
        valid.then(|| Origin {
            scheme,
            host: host.to_ascii_lowercase(),
            port: port.filter(|&port| port != default_port),
        })
    }

    /// The host's name (or address), lower case.
    pub fn host(&self) -> &str {
        &self.host
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}://{}", self.scheme, self.host)?;
        match self.port {
            Some(port) => write!(f, ":{port}"),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_compared_in_their_normal_form() {
        let origin = |text| Origin::parse(text).map(|origin| origin.to_string());
        assert_eq!(
            origin("HTTPS://Halma.Example:443/").as_deref(),
            Some("https://halma.example")
        );
        assert_eq!(
            origin("http://halma.example:8080").as_deref(),
            Some("http://halma.example:8080")
        );
        assert_eq!(
            origin("http://[::1]:8080").as_deref(),
            Some("http://[::1]:8080")
        );
        assert_eq!(origin("http://[::1]").as_deref(), Some("http://[::1]"));
        assert_eq!(
            Origin::parse("https://halma.example"),
            Origin::parse("https://HALMA.example:443")
        );
        assert_ne!(
            Origin::parse("https://halma.example"),
            Origin::parse("http://halma.example")
        );
        for bad in [
            "halma.example",
            "ftp://halma.example",
            "https://halma.example/play",
            "https://halma.example:port",
            "https://",
            "null",
        ] {
            assert_eq!(Origin::parse(bad), None, "{bad}");
        }
        assert_eq!(
            Origin::parse("https://Halma.Example").unwrap().host(),
            "halma.example"
        );
    }
}
