//! From HTTP to the API and back: the axum router and its tower layers (request logs,
//! panics answered 500, security headers), the `Host` checked against the server's names
//! (no DNS rebinding), `/metrics` for the operator's addresses, the body read within its
//! size and time limits, the cross-site checks on requests that change a game, and the page's
//! files (`assets.rs`) with their caching and compression.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::extract::{Extension, Request, State};
use axum::http::header::{self, HeaderMap, HeaderName, HeaderValue};
use axum::http::{Method, StatusCode};
use axum::response::Response;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;

use crate::api::{self, App, Req};
use crate::assets::{Assets, Served, accepted};
use crate::clients::{Cidr, Client, Source, within};
use crate::connections::Registry;
use crate::error::{ApiError, Reply};
use crate::metrics::{Gauges, METRICS, Refusal};

/// Request bodies above this size are refused with 413.
pub const MAX_BODY: usize = 16 * 1024;

/// What the HTTP side is told besides the app.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Time to send a request body.
    pub body_timeout: Duration,
    /// Host names served besides `localhost` and IP literals, lower case.
    pub allowed_hosts: Vec<String>,
    /// Who may read `/metrics`.
    pub metrics_from: Vec<Cidr>,
}

/// What the router needs besides the app.
#[derive(Clone)]
struct Shared {
    app: Arc<App>,
    assets: Arc<Assets>,
    connections: Arc<Registry>,
    settings: Arc<Settings>,
}

/// The whole HTTP service: every path goes to [`serve`], which routes as the API says
/// (its own 404 and 405 answers, in JSON). The request's [`Source`] and [`Client`] (from
/// the connection) must be in its extensions.
pub fn router(
    app: Arc<App>,
    assets: Arc<Assets>,
    connections: Arc<Registry>,
    settings: Settings,
) -> Router {
    let security = [
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        // 'wasm-unsafe-eval': the page compiles the engine's WebAssembly (nothing else).
        (
            header::CONTENT_SECURITY_POLICY,
            "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; \
             img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; \
             frame-ancestors 'none'",
        ),
        // Cross-origin isolation: the page may share memory with its engine's worker (a
        // real stop of a running search).
        (
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ),
        (
            HeaderName::from_static("cross-origin-embedder-policy"),
            "require-corp",
        ),
    ];
    let mut router = Router::new().fallback(serve).with_state(Shared {
        app,
        assets,
        connections,
        settings: Arc::new(settings),
    });
    for (name, value) in security {
        router = router.layer(SetResponseHeaderLayer::overriding(
            name,
            HeaderValue::from_static(value),
        ));
    }
    router
        .layer(CatchPanicLayer::custom(|_| {
            tracing::error!("a bug: handling a request panicked");
            to_response(ApiError::new(500, "internal error while handling this request").reply())
        }))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|request: &Request| {
                    let client = request.extensions().get::<Client>().copied();
                    tracing::info_span!(
                        "request",
                        method = %request.method(),
                        path = %redact(request.uri().path()),
                        client = %client.map(|c| c.to_string()).unwrap_or_default(),
                    )
                })
                .on_request(())
                .on_response(DefaultOnResponse::new().level(Level::INFO))
                // Not one ERROR line per 503: refusals are logged, rate-limited, where they
                // are decided (metrics.rs), and every status is counted for /metrics.
                .on_failure(()),
        )
}

/// The path with game ids cut to their first 8 digits: ids are capabilities, and logs are
/// read by more people than the games' players.
fn redact(path: &str) -> String {
    path.split('/')
        .map(|segment| {
            if crate::games::valid_id(segment) {
                format!("{}…", &segment[..8])
            } else {
                segment.chars().take(64).collect()
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

fn to_response(reply: Reply) -> Response {
    let mut response = Response::new(Body::from(reply.body));
    *response.status_mut() =
        StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(reply.content_type),
    );
    for (name, value) in reply.headers {
        if let Ok(value) = HeaderValue::from_str(&value) {
            headers.insert(HeaderName::from_static(ascii_lower(name)), value);
        }
    }
    response
}

/// Header names as `HeaderName::from_static` wants them (lower case).
fn ascii_lower(name: &'static str) -> &'static str {
    match name {
        "Allow" => "allow",
        "Retry-After" => "retry-after",
        "Location" => "location",
        "Cache-Control" => "cache-control",
        other => other,
    }
}

/// Why a request that changes a game is refused, if it is: it must say it sends JSON (a
/// cross-site form cannot, and a cross-site script cannot without a preflight the server
/// never grants), and a browser's `Origin` must be this server.
fn cross_site(headers: &HeaderMap) -> Option<ApiError> {
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|kind| kind.trim().eq_ignore_ascii_case("application/json"));
    if !json {
        return Some(ApiError::new(
            415,
            "send requests that change a game with Content-Type: application/json",
        ));
    }
    if headers
        .get("sec-fetch-site")
        .is_some_and(|site| site.as_bytes().eq_ignore_ascii_case(b"cross-site"))
    {
        return Some(ApiError::new(
            403,
            "cross-site requests may not change games",
        ));
    }
    let origin = headers.get(header::ORIGIN)?;
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin_host = origin
        .to_str()
        .ok()
        .and_then(|origin| origin.split_once("://"))
        .map(|(_, authority)| authority.trim_end_matches('/'));
    match (origin_host, host) {
        (Some(origin), Some(host)) if origin.eq_ignore_ascii_case(host) => None,
        _ => Some(ApiError::new(
            403,
            "the request's Origin is not this server; cross-site requests may not change games",
        )),
    }
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

/// Why a request is refused for its `Host`, if it is: a page on another name that resolves
/// to this server (DNS rebinding) must not be served as this server. `localhost` (and its
/// subdomains) and IP addresses cannot be rebound; other names must be allowed. A request
/// without `Host` (HTTP/1.0) is no browser's.
fn wrong_host(headers: &HeaderMap, allowed: &[String]) -> Option<ApiError> {
    let host = headers.get(header::HOST)?;
    let name = host_name(host.to_str().unwrap_or("\u{fffd}"));
    let served = name == "localhost"
        || name.ends_with(".localhost")
        || name.parse::<IpAddr>().is_ok()
        || allowed.contains(&name);
    if served {
        return None;
    }
    let shown: String = name.chars().take(64).collect();
    let message =
        format!("this server does not answer to the host name {shown:?}; use one of its names");
    METRICS.refused(Refusal::Host, &message);
    Some(ApiError::new(421, message))
}

/// `/metrics`, in the Prometheus text format, for the operator's addresses only.
async fn metrics(shared: &Shared, source: Source) -> Response {
    if !within(&shared.settings.metrics_from, source.ip) {
        let error = ApiError::new(
            403,
            "the metrics are served only to the operator's addresses (--metrics-from)",
        );
        return to_response(error.reply());
    }
    let load = shared.app.pool.load();
    let text = METRICS.render(&Gauges {
        waiting_moves: load.waiting - load.waiting_hints,
        waiting_hints: load.waiting_hints,
        running: load.running,
        engines: load.engines,
        connections: shared.connections.open(),
        max_connections: shared.connections.max(),
        games: shared.app.games.store().count().await.ok(),
    });
    to_response(Reply {
        status: 200,
        content_type: "text/plain; version=0.0.4; charset=utf-8",
        headers: vec![("Cache-Control", "no-store".to_owned())],
        body: text.into_bytes(),
    })
}

/// Reads, checks and answers one request.
async fn serve(
    State(shared): State<Shared>,
    Extension(source): Extension<Source>,
    request: Request,
) -> Response {
    let client = source.client;
    let (parts, body) = request.into_parts();
    if let Some(error) = wrong_host(&parts.headers, &shared.settings.allowed_hosts) {
        return to_response(error.reply());
    }
    if parts.uri.path() == "/metrics" {
        if !matches!(parts.method, Method::GET | Method::HEAD) {
            return to_response(ApiError::method("GET").reply());
        }
        return metrics(&shared, source).await;
    }
    if let Some(served) = shared.assets.get(parts.uri.path(), &parts.headers) {
        if !matches!(parts.method, Method::GET | Method::HEAD) {
            return to_response(ApiError::method("GET").reply());
        }
        return file(served, &parts.headers).await;
    }
    let changes = !matches!(parts.method, Method::GET | Method::HEAD | Method::OPTIONS);
    let declared = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    if let Some(length) = declared.filter(|&length| length > MAX_BODY as u64) {
        return to_response(too_large(&length.to_string()).reply());
    }
    let body =
        match tokio::time::timeout(shared.settings.body_timeout, to_bytes(body, MAX_BODY)).await {
            Ok(Ok(body)) => body,
            Ok(Err(error)) => {
                let error = if is_length_limit(&error) {
                    too_large("more")
                } else {
                    ApiError::new(400, format!("could not read the request body: {error}"))
                };
                return to_response(error.reply());
            }
            Err(_) => {
                let error = ApiError::new(408, "the request body did not arrive in time");
                return to_response(error.reply());
            }
        };
    let refusal = if changes {
        cross_site(&parts.headers)
    } else {
        None
    };
    let req = Req {
        method: parts.method.as_str(),
        path: parts.uri.path(),
        query: parts.uri.query().unwrap_or(""),
        body: &body,
        client,
        refusal,
    };
    to_response(api::handle(&shared.app, &req).await)
}

/// How long a file whose name carries its hash may be cached: for good (a year, the most
/// HTTP caches honour, and `immutable`: not even revalidated on reload).
const FOR_GOOD: &str = "public, max-age=31536000, immutable";

/// A file of the page, compressed as the client accepts, or `304` when the client's copy is
/// the one (`If-None-Match`); a page says its language.
async fn file(served: Served, headers: &HeaderMap) -> Response {
    let asset = served.asset;
    let cache = if served.immutable {
        HeaderValue::from_static(FOR_GOOD)
    } else {
        // The page, its service worker and the files under their plain names: revalidated
        // on every use (a 304 when unchanged), so a new version is seen at once.
        HeaderValue::from_static("no-cache")
    };
    let etag = HeaderValue::from_str(&asset.etag).ok();
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|tags| {
            tags.split(',')
                .map(|tag| tag.trim().trim_start_matches("W/"))
                .any(|tag| tag == asset.etag || tag == "*")
        });
    let accepted = accepted(
        headers
            .get(header::ACCEPT_ENCODING)
            .and_then(|value| value.to_str().ok()),
    );
    // Compressing takes a while the first time: not on the runtime's threads.
    let encoded = if asset.ready(accepted) {
        Ok(asset.encoded(accepted))
    } else {
        let asset = Arc::clone(&asset);
        tokio::task::spawn_blocking(move || asset.encoded(accepted)).await
    };
    let (encoding, body) = match encoded {
        Ok(encoded) => encoded,
        Err(_) => return to_response(ApiError::new(500, "compressing a file failed").reply()),
    };
    let mut response = if fresh {
        let mut response = Response::new(Body::empty());
        *response.status_mut() = StatusCode::NOT_MODIFIED;
        response
    } else {
        let mut response = Response::new(Body::from(body));
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(asset.content_type),
        );
        if let Some(coding) = encoding.header() {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
        }
        response
    };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, cache);
    if let Some(etag) = etag {
        headers.insert(header::ETAG, etag);
    }
    let vary = match served.language {
        Some((tag, negotiated)) => {
            headers.insert(header::CONTENT_LANGUAGE, HeaderValue::from_static(tag));
            if negotiated {
                "Accept-Encoding, Accept-Language, Cookie"
            } else {
                "Accept-Encoding"
            }
        }
        None => "Accept-Encoding",
    };
    headers.insert(header::VARY, HeaderValue::from_static(vary));
    response
}

fn too_large(length: &str) -> ApiError {
    ApiError::new(
        413,
        format!("the request body is {length} bytes, more than the {MAX_BODY} allowed"),
    )
}

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

#[cfg(test)]
mod tests {
    use super::*;

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
            cross_site(&headers(&[json, host])).is_none(),
            "curl sends no Origin"
        );
        let same = ("origin", "http://127.0.0.1:8080");
        assert!(cross_site(&headers(&[json, host, same])).is_none());
        let status = |pairs: &[(&'static str, &'static str)]| {
            cross_site(&headers(pairs)).map(|error| error.status)
        };
        assert_eq!(status(&[host, same]), Some(415));
        assert_eq!(
            status(&[("content-type", "text/plain"), host, same]),
            Some(415)
        );
        assert_eq!(
            status(&[json, host, ("origin", "http://evil.example")]),
            Some(403)
        );
        assert_eq!(status(&[json, host, ("origin", "null")]), Some(403));
        assert_eq!(
            status(&[json, host, same, ("sec-fetch-site", "cross-site")]),
            Some(403)
        );
    }

    #[test]
    fn only_the_servers_names_are_served() {
        let allowed = ["halma.example".to_owned()];
        let status = |host: &'static str| {
            wrong_host(&headers(&[("host", host)]), &allowed).map(|error| error.status)
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
            assert_eq!(status(served), None, "{served}");
        }
        for refused in [
            "evil.example",
            "evil.example:8080",
            "127.0.0.1.evil.example",
            "localhost.evil",
        ] {
            assert_eq!(status(refused), Some(421), "{refused}");
        }
        assert!(wrong_host(&HeaderMap::new(), &allowed).is_none());
    }

    #[test]
    fn ids_are_cut_in_logs() {
        let id = crate::games::new_id();
        assert_eq!(
            redact(&format!("/api/games/{id}/move")),
            format!("/api/games/{}…/move", &id[..8])
        );
    }
}
