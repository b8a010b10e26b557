//! A file as served: its bytes, its `ETag`, and its compressed forms, each made once and
//! kept for every later request. gzip at its best (60 ms of CPU for halma.wasm, release
//! build) is made while its first request waits; brotli at its best quality (1.6 s for
//! halma.wasm, 19% smaller than gzip) on a thread of its own, gzip answering meanwhile. So
//! a server that nobody asks for the page (the tests, API-only use) spends nothing on it.
//! Both, because browsers offer brotli only on secure origins (https, localhost): plain
//! http from another name gets gzip.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use bytes::Bytes;
use sha2::{Digest, Sha256};

/// How a file is sent: the file's bytes, or compressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// As it is.
    Identity,
    /// `Content-Encoding: gzip`.
    Gzip,
    /// `Content-Encoding: br`.
    Brotli,
}

impl Encoding {
    /// The `Content-Encoding` value, if any.
    pub fn header(self) -> Option<&'static str> {
        match self {
            Encoding::Identity => None,
            Encoding::Gzip => Some("gzip"),
            Encoding::Brotli => Some("br"),
        }
    }
}

/// One file as served.
#[derive(Debug)]
pub struct Asset {
    /// `Content-Type`.
    pub content_type: &'static str,
    /// The bytes (references rewritten).
    pub body: Bytes,
    /// `ETag`: the content's hash, quoted.
    pub etag: String,
    /// The gzipped bytes, made on the first request that accepts them (`None`: no smaller).
    gzip: OnceLock<Option<Bytes>>,
    /// The brotli bytes, made on a thread of their own once a client accepts them.
    brotli: OnceLock<Option<Bytes>>,
    brotli_started: AtomicBool,
}

impl Asset {
    /// `body`, sent as `content_type`.
    pub fn new(content_type: &'static str, body: Vec<u8>) -> Asset {
        let etag = format!("\"{}\"", digest(&body));
        Asset {
            content_type,
            body: body.into(),
            etag,
            gzip: OnceLock::new(),
            brotli: OnceLock::new(),
            brotli_started: AtomicBool::new(false),
        }
    }

    /// Whether [`Asset::encoded`] answers `accepted` at once (else it compresses first: not
    /// on the runtime's threads).
    pub fn ready(&self, accepted: Accepted) -> bool {
        !accepted.gzip || self.gzip.get().is_some()
    }

    /// The bytes to send to a client that accepts `accepted` (from [`accepted`]), and how
    /// they are encoded: brotli once it is made (its first request starts it, and is answered
    /// gzip meanwhile), gzip (made on its first request, tens of milliseconds), or as is.
    pub fn encoded(self: &Arc<Self>, accepted: Accepted) -> (Encoding, Bytes) {
        if accepted.brotli {
            match self.brotli.get() {
                Some(Some(packed)) => return (Encoding::Brotli, packed.clone()),
                Some(None) => {}
                None => self.start_brotli(),
            }
        }
        if accepted.gzip
            && let Some(packed) = self.gzip.get_or_init(|| self.smaller(gzip(&self.body)))
        {
            return (Encoding::Gzip, packed.clone());
        }
        (Encoding::Identity, self.body.clone())
    }

    /// The compressed bytes if smaller than the file.
    fn smaller(&self, packed: Vec<u8>) -> Option<Bytes> {
        (packed.len() < self.body.len()).then(|| packed.into())
    }

    /// Brotli at its best quality takes its time (1.6 s of CPU for halma.wasm in a release
    /// build, 20 times as long in a debug one): on a thread of its own, once.
    fn start_brotli(self: &Arc<Self>) {
        if self.brotli_started.swap(true, Ordering::Relaxed) {
            return;
        }
        let asset = Arc::clone(self);
        let spawned = std::thread::Builder::new()
            .name("brotli".to_owned())
            .spawn(move || {
                let packed = asset.smaller(brotli(&asset.body));
                let _ = asset.brotli.set(packed);
            });
        if let Err(error) = spawned {
            tracing::warn!("cannot start a thread to compress a file: {error}");
            let _ = self.brotli.set(None);
        }
    }
}

/// Which compressed encodings a client accepts (`Accept-Encoding`, `q=0` meaning no).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Accepted {
    /// `gzip` (or `x-gzip`, or `*`).
    pub gzip: bool,
    /// `br` (or `*`).
    pub brotli: bool,
}

/// What an `Accept-Encoding` header accepts.
pub fn accepted(header: Option<&str>) -> Accepted {
    let mut accepted = Accepted::default();
    let mut star = None;
    let (mut gzip, mut brotli) = (None, None);
    for item in header.unwrap_or("").split(',') {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or("").trim().to_ascii_lowercase();
        let q = parts
            .find_map(|param| {
                let (key, value) = param.split_once('=')?;
                (key.trim().eq_ignore_ascii_case("q")).then(|| value.trim().parse::<f32>().ok())?
            })
            .unwrap_or(1.0);
        let wanted = q > 0.0;
        match name.as_str() {
            "gzip" | "x-gzip" => gzip = Some(wanted),
            "br" => brotli = Some(wanted),
            "*" => star = Some(wanted),
            _ => {}
        }
    }
    accepted.gzip = gzip.or(star).unwrap_or(false);
    accepted.brotli = brotli.or(star).unwrap_or(false);
    accepted
}

/// The SHA-256 of `bytes` in hex.
pub fn digest(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    // Writing to a Vec cannot fail.
    let _ = encoder.write_all(bytes);
    encoder.finish().unwrap_or_default()
}

fn brotli(bytes: &[u8]) -> Vec<u8> {
    let mut packed = Vec::new();
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        lgwin: 22,
        ..Default::default()
    };
    let mut input = bytes;
    match brotli::BrotliCompress(&mut input, &mut packed, &params) {
        Ok(_) => packed,
        Err(_) => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_encoding_is_read_as_http_says() {
        let both = Accepted {
            gzip: true,
            brotli: true,
        };
        assert_eq!(accepted(Some("gzip, deflate, br, zstd")), both);
        assert_eq!(accepted(Some("*")), both);
        assert_eq!(accepted(None), Accepted::default());
        assert_eq!(accepted(Some("identity")), Accepted::default());
        assert_eq!(
            accepted(Some("GZIP;q=0.5, br;q=0")),
            Accepted {
                gzip: true,
                brotli: false
            }
        );
        assert_eq!(
            accepted(Some("*;q=0.1, gzip;q=0")),
            Accepted {
                gzip: false,
                brotli: true
            }
        );
        assert!(accepted(Some(";;,q=,br;q=x")).brotli);
    }
}
