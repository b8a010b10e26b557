//! The checks every request (or every request of a kind) passes, as axum middleware that
//! maps a request (or refuses it) before the handler, or an answer after it: who the client
//! is, the `Host` (no DNS rebinding), the body's size and time, the cross-site refusal of
//! changes, `/metrics` for the operator's addresses; and the router's own answers (405, a
//! status counted) in the API's terms. Each is a function of axum's `map_request` or
//! `map_response`, not of `from_fn`, which boxes the rest of the stack for every request.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::body::{Body, to_bytes};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::header::{self, HeaderMap};
use axum::http::{Method, StatusCode, Version};
use axum::response::{IntoResponse, Response};

use super::app::App;
use super::error::{ApiError, MAX_BODY};
use super::serve::connections::Stalling;
use crate::clients::{Client, Source, origin_of, within};
use crate::metrics::{METRICS, Refusal};
use crate::origin::Origin;

/// Puts the request's [`Source`] in its extensions: the connection's peer, or whom a
/// trusted proxy forwards for (`clients.rs`).
pub async fn client_address(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    mut request: Request,
) -> Request {
    let header = app.settings.proxy_header;
    // Every line of the header, in order, as one list.
    let lines: Vec<&str> = request
        .headers()
        .get_all(header.name())
        .iter()
        .filter_map(|value| value.to_str().ok())
        .collect();
    let value = (!lines.is_empty()).then(|| lines.join(","));
    let (ip, unnamed) = origin_of(peer.ip(), &app.settings.proxies, header, value.as_deref());
    let source = Source {
        ip,
        client: Client::of(ip),
        unnamed,
    };
    request.extensions_mut().insert(source);
    request
}

/// The host name of a `Host` header (`name`, `name:port`, `[v6]:port`), lower case and
/// without a trailing dot.
fn host_name(authority: &str) -> String {
    let name = match authority.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or(rest),
        None => authority
            .rsplit_once(':')
            .map_or(authority, |(name, _)| name),
    };
    name.trim_end_matches('.').to_ascii_lowercase()
}

/// Why a request is refused for its host, if it is: a page on another name that resolves
/// to this server (DNS rebinding) must not be served as this server. `localhost` (and its
/// subdomains) and IP addresses cannot be rebound; other names must be allowed. The host is
/// the target's when it is in absolute form (`GET http://name/...`), which HTTP puts before
/// `Host`, else the one `Host` header; two `Host` headers, or none in HTTP/1.1, are a bad
/// request (400). An HTTP/1.0 request without `Host` is no browser's.
fn wrong_host(request: &Request, allowed: &[String]) -> Option<ApiError> {
    let mut hosts = request.headers().get_all(header::HOST).iter();
    let (host, second) = (hosts.next(), hosts.next());
    if second.is_some() {
        return Some(ApiError::BadHost("two Host headers"));
    }
    let authority = match (request.uri().authority(), host) {
        (Some(target), _) => target.as_str(),
        (None, Some(host)) => host.to_str().unwrap_or("\u{fffd}"),
        (None, None) if request.version() == Version::HTTP_10 => return None,
        (None, None) => return Some(ApiError::BadHost("no Host header")),
    };
    let name = host_name(authority);
    let served = name == "localhost"
        || name.ends_with(".localhost")
        || name.parse::<IpAddr>().is_ok()
        || allowed.contains(&name);
    if served {
        return None;
    }
    let error = ApiError::WrongHost(name);
    METRICS.refused(Refusal::Host, &error.to_string());
    Some(error)
}

/// Refuses (421) a request whose `Host` is not one of the server's names.
pub async fn known_host(
    State(app): State<Arc<App>>,
    request: Request,
) -> Result<Request, ApiError> {
    match wrong_host(&request, &app.settings.allowed_hosts) {
        Some(error) => Err(error),
        None => Ok(request),
    }
}

/// Why a request that changes a game is refused, if it is: it must say it sends JSON (a
/// cross-site form cannot, and a cross-site script cannot without a preflight the server
/// never grants), and a browser's `Origin` must be this server: the `Host` it was sent
/// to, or the site's origin behind a proxy (`--public-origin`, `public`), whatever `Host`
/// the proxy passes.
fn cross_site(headers: &HeaderMap, public: Option<&Origin>) -> Option<ApiError> {
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|kind| kind.trim().eq_ignore_ascii_case("application/json"));
    if !json {
        return Some(ApiError::NotJson);
    }
    if headers
        .get("sec-fetch-site")
        .is_some_and(|site| site.as_bytes().eq_ignore_ascii_case(b"cross-site"))
    {
        return Some(ApiError::CrossSite);
    }
    let origin = headers.get(header::ORIGIN)?;
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin_host = origin
        .to_str()
        .ok()
        .and_then(|origin| origin.split_once("://"))
        .map(|(_, authority)| authority.trim_end_matches('/'));
    let public_site = public.is_some_and(|public| {
        origin
            .to_str()
            .ok()
            .and_then(Origin::parse)
            .is_some_and(|origin| origin == *public)
    });
    match (origin_host, host) {
        _ if public_site => None,
        (Some(origin), Some(host)) if origin.eq_ignore_ascii_case(host) => None,
        _ => Some(ApiError::OtherOrigin),
    }
}

/// Refuses a change from another site (415 without JSON, 403 from another origin): on the
/// handlers that change a game, once the route and the method are known good.
pub async fn same_site(State(app): State<Arc<App>>, request: Request) -> Result<Request, ApiError> {
    match cross_site(request.headers(), app.settings.public_origin.as_ref()) {
        Some(error) => Err(error),
        None => Ok(request),
    }
}

/// Whether `error` (reading a body) is the size limit's.
fn is_length_limit(error: &axum::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(error) = source {
        if error.is::<http_body_util::LengthLimitError>() {
            return true;
        }
        source = error.source();
    }
    false
}

/// Reads the request's body whole before the handler runs: at most [`MAX_BODY`] bytes (413,
/// on a declared `Content-Length` before anything is read), within `--body-timeout-ms`
/// (408). A handler never waits on a client's body.
pub async fn read_body(State(app): State<Arc<App>>, request: Request) -> Result<Request, ApiError> {
    let (parts, body) = request.into_parts();
    let declared = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    if let Some(length) = declared.filter(|&length| length > MAX_BODY as u64) {
        return Err(ApiError::BodyTooLarge(Some(length)));
    }
    // Meanwhile the connection waits on its client: at the connection cap it may be closed
    // for a newcomer (`connections.rs`), so heads sent without their bodies hold no place.
    let waiting = parts.extensions.get::<Stalling>().map(Stalling::waiting);
    let read = tokio::time::timeout(app.settings.body_timeout, to_bytes(body, MAX_BODY)).await;
    drop(waiting);
    let bytes = match read {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(error)) if is_length_limit(&error) => return Err(ApiError::BodyTooLarge(None)),
        Ok(Err(error)) => return Err(ApiError::BadBody(error.to_string())),
        Err(_) => return Err(ApiError::BodyTimeout),
    };
    Ok(Request::from_parts(parts, Body::from(bytes)))
}

/// Serves `/metrics` to the operator's addresses (`--metrics-from`) only (403): through a
/// trusted proxy, to the client it names, if that is one of them; never to a proxied
/// request that names nobody (a proxy on the same host is loopback for every client).
pub async fn operators_only(
    State(app): State<Arc<App>>,
    request: Request,
) -> Result<Request, ApiError> {
    let allowed = request
        .extensions()
        .get::<Source>()
        .is_some_and(|source| !source.unnamed && within(&app.settings.metrics_from, source.ip));
    if allowed {
        Ok(request)
    } else {
        Err(ApiError::MetricsForbidden)
    }
}

/// The router's own 405 (no body, and `Allow` as axum lists it) as the API's error, its
/// `Allow` as the API writes it: the methods, `HEAD` implied by `GET` (every server answers
/// it where it answers `GET`; the hint refuses it with an answer of its own).
pub async fn method_not_allowed(response: Response) -> Response {
    let routed = response.status() == StatusCode::METHOD_NOT_ALLOWED
        && !response.headers().contains_key(header::CONTENT_TYPE);
    if !routed {
        return response;
    }
    let listed = response
        .headers()
        .get(header::ALLOW)
        .and_then(|allow| allow.to_str().ok())
        .unwrap_or_default();
    let allow: Vec<&str> = listed
        .split(',')
        .map(str::trim)
        .filter(|method| !method.is_empty() && *method != Method::HEAD.as_str())
        .collect();
    ApiError::MethodNotAllowed(allow.join(", ")).into_response()
}

/// Counts every answer by its status, for `/metrics`.
pub async fn count(response: Response) -> Response {
    METRICS.request(response.status().as_u16());
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn only_same_origin_json_may_change_a_game() {
        let json = ("content-type", "application/json; charset=utf-8");
        let host = ("host", "127.0.0.1:8080");
        assert!(
            cross_site(&headers(&[json, host]), None).is_none(),
            "curl sends no Origin"
        );
        let same = ("origin", "http://127.0.0.1:8080");
        assert!(cross_site(&headers(&[json, host, same]), None).is_none());
        let code = |pairs: &[(&'static str, &'static str)]| {
            cross_site(&headers(pairs), None).map(|error| error.status_and_code().1)
        };
        assert_eq!(code(&[host, same]), Some("not_json"));
        assert_eq!(
            code(&[("content-type", "text/plain"), host, same]),
            Some("not_json")
        );
        assert_eq!(
            code(&[json, host, ("origin", "http://evil.example")]),
            Some("cross_site")
        );
        assert_eq!(code(&[json, host, ("origin", "null")]), Some("cross_site"));
        assert_eq!(
            code(&[json, host, same, ("sec-fetch-site", "cross-site")]),
            Some("cross_site")
        );
    }

    #[test]
    fn behind_a_proxy_the_public_origin_may_change_a_game() {
        let json = ("content-type", "application/json");
        let public = Origin::parse("https://halma.example:8443");
        // The proxy passed the name without the port, and the scheme is its own.
        let lost_port = ("host", "halma.example");
        let browser = ("origin", "https://halma.example:8443");
        let code = |pairs: &[(&'static str, &'static str)], public: Option<&Origin>| {
            cross_site(&headers(pairs), public).map(|error| error.status_and_code().1)
        };
        assert_eq!(code(&[json, lost_port, browser], None), Some("cross_site"));
        assert_eq!(code(&[json, lost_port, browser], public.as_ref()), None);
        let other_port = ("origin", "https://halma.example:9443");
        assert_eq!(
            code(&[json, lost_port, other_port], public.as_ref()),
            Some("cross_site")
        );
        let other_scheme = ("origin", "http://halma.example:8443");
        assert_eq!(
            code(&[json, lost_port, other_scheme], public.as_ref()),
            Some("cross_site")
        );
        // The Host as the browser sent it still does.
        let kept = ("host", "halma.example:9443");
        assert_eq!(code(&[json, kept, other_port], public.as_ref()), None);
    }

    /// A request for `target` with the headers `pairs`, in `version`.
    fn request(target: &str, pairs: &[(&'static str, &'static str)], version: Version) -> Request {
        let mut request = Request::new(Body::empty());
        *request.uri_mut() = target.parse().expect("a target");
        *request.headers_mut() = headers(pairs);
        *request.version_mut() = version;
        request
    }

    #[test]
    fn only_the_servers_names_are_served() {
        let allowed = ["halma.example".to_owned()];
        let refused = |host: &'static str| {
            wrong_host(&request("/", &[("host", host)], Version::HTTP_11), &allowed)
        };
        for served in [
            "127.0.0.1:8080",
            "[::1]:8080",
            "10.1.2.3",
            "localhost:8080",
            "LocalHost",
            "app.localhost",
            "halma.example",
            "Halma.Example.:443",
        ] {
            assert!(refused(served).is_none(), "{served}");
        }
        for other in [
            "evil.example",
            "evil.example:8080",
            "127.0.0.1.evil.example",
            "localhost.evil",
        ] {
            let error = refused(other).map(|error| error.status_and_code().1);
            assert_eq!(error, Some("wrong_host"), "{other}");
        }
        let code = |request: Request| {
            wrong_host(&request, &allowed).map(|error| error.status_and_code().1)
        };
        assert_eq!(code(request("/", &[], Version::HTTP_10)), None);
        assert_eq!(code(request("/", &[], Version::HTTP_11)), Some("bad_host"));
        let mut two = request("/", &[("host", "localhost")], Version::HTTP_11);
        two.headers_mut()
            .append(header::HOST, HeaderValue::from_static("evil.example"));
        assert_eq!(code(two), Some("bad_host"));
        // An absolute-form target names the host, whatever `Host` says.
        let absolute = |target: &str| request(target, &[("host", "localhost")], Version::HTTP_11);
        assert_eq!(
            code(absolute("http://evil.example/api/games")),
            Some("wrong_host")
        );
        assert_eq!(code(absolute("http://halma.example/api/games")), None);
    }

    #[tokio::test]
    async fn the_routers_405_is_the_apis_with_head_implied() {
        let mut response = StatusCode::METHOD_NOT_ALLOWED.into_response();
        response
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET,HEAD,DELETE"));
        let response = method_not_allowed(response).await;
        assert_eq!(response.headers()[header::ALLOW], "GET, DELETE");
        assert_eq!(
            response.headers()[header::CONTENT_TYPE],
            crate::http::reply::JSON
        );
        // An answer of a handler's own stays as it is.
        let own = ApiError::MethodNotAllowed("GET".into()).into_response();
        assert_eq!(
            method_not_allowed(own).await.headers()[header::ALLOW],
            "GET"
        );
    }
}
