//! The server's shared state: what every handler and check may use, as axum's `State`.

use std::sync::Arc;
use std::time::Duration;

use crate::assets::Assets;
use crate::clients::{Cidr, ProxyHeader, RateLimit};
use crate::connections::Registry;
use crate::games::Games;
use crate::think::Pool;

/// What the requests share.
pub struct App {
    /// The stored games.
    pub games: Games,
    /// The engines.
    pub pool: Pool,
    /// New games per client.
    pub creations: RateLimit,
    /// Games stored at most (all processes on the database together).
    pub max_games: u64,
    /// Moves (plies) one game may have: a move past them is refused (`game_too_long`).
    pub max_plies: usize,
    /// How long a search may hold a game, waiting and thinking, before its mark lapses.
    pub mark_lifetime: Duration,
    /// Whether the server searches (`--no-engine`: only clients' moves are taken).
    pub engine: bool,
    /// The page's files.
    pub assets: Assets,
    /// The live streams of games, and where their changes are announced.
    pub live: Arc<crate::friend::live::Live>,
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
    /// Who may read `/metrics`.
    pub metrics_from: Vec<Cidr>,
    /// Proxies whose forwarding header names the client.
    pub proxies: Vec<Cidr>,
    /// The forwarding header the proxies write.
    pub proxy_header: ProxyHeader,
}
