//! The server's shared state: what every handler and check may use, as axum's `State`.

use std::sync::Arc;
use std::time::Duration;

use super::assets::Assets;
use super::serve::connections::Registry;
use crate::clients::{Cidr, ProxyHeader, RateLimit};
use crate::computer::Computer;
use crate::friend::Friends;
use crate::games::stored::Games;
use crate::live::Live;
use crate::origin::Origin;

/// What the requests share.
pub struct App {
    /// The stored games.
    pub games: Games,
    /// Games against the computer.
    pub computer: Computer,
    /// Games between two people.
    pub friends: Friends,
    /// The live streams of games, and where their changes are announced.
    pub live: Arc<Live>,
    /// New games per client (shared with the games between two people: a rematch agreed is
    /// a new game).
    pub creations: Arc<RateLimit>,
    /// The page's files.
    pub assets: Assets,
    /// The open connections (for `/metrics`).
    pub connections: Arc<Registry>,
    /// What the checks of every request are told.
    pub settings: Settings,
}

/// The options the checks of every request follow.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Time to send a request body.
    pub body_timeout: Duration,
    /// Host names served besides `localhost` and IP literals, lower case.
    pub allowed_hosts: Vec<String>,
    /// The site's origin as browsers open it behind a proxy (`--public-origin`).
    pub public_origin: Option<Origin>,
    /// Who may read `/metrics`.
    pub metrics_from: Vec<Cidr>,
    /// Proxies whose forwarding header names the client.
    pub proxies: Vec<Cidr>,
    /// The forwarding header the proxies write.
    pub proxy_header: ProxyHeader,
}
