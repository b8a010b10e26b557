//! A TCP relay to a database that can be cut, for the probe's outage and the tests': cut,
//! it closes the connections it carries and then holds every new one open passing nothing,
//! a database that stopped answering without refusing (the worst kind: no error, no
//! answer); restored, it relays again.

use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// The relay: its port on loopback, and what it carries.
pub struct Relay {
    /// The port it listens on (127.0.0.1).
    pub port: u16,
    cut: Arc<AtomicBool>,
    carried: Arc<Mutex<Vec<TcpStream>>>,
    held: Arc<Mutex<Vec<TcpStream>>>,
}

/// `mutex`'s streams, whoever panicked holding them.
fn streams(mutex: &Mutex<Vec<TcpStream>>) -> MutexGuard<'_, Vec<TcpStream>> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Relay {
    /// A relay on a free loopback port to `target` (`host:port`).
    pub fn to(target: String) -> std::io::Result<Relay> {
        let listener = TcpListener::bind("127.0.0.1:0")?;
        let relay = Relay {
            port: listener.local_addr()?.port(),
            cut: Arc::default(),
            carried: Arc::default(),
            held: Arc::default(),
        };
        let (cut, carried, held) = (
            Arc::clone(&relay.cut),
            Arc::clone(&relay.carried),
            Arc::clone(&relay.held),
        );
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                if cut.load(Ordering::SeqCst) {
                    streams(&held).push(client);
                    continue;
                }
                let Ok(server) = TcpStream::connect(&target) else {
                    continue;
                };
                for (from, to) in [(&client, &server), (&server, &client)] {
                    let (Ok(mut from), Ok(mut to)) = (from.try_clone(), to.try_clone()) else {
                        continue;
                    };
                    std::thread::spawn(move || {
                        let _ = std::io::copy(&mut from, &mut to);
                        let _ = to.shutdown(Shutdown::Both);
                    });
                }
                streams(&carried).extend([client, server]);
            }
        });
        Ok(relay)
    }

    /// Cuts the database off: the connections carried are closed, new ones held silent.
    pub fn cut(&self) {
        self.cut.store(true, Ordering::SeqCst);
        for stream in streams(&self.carried).drain(..) {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }

    /// Relays again; the connections held silent are closed.
    pub fn restore(&self) {
        self.cut.store(false, Ordering::SeqCst);
        streams(&self.held).clear();
    }
}
