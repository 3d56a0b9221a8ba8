//! Fair shares of the server-wide limits: what one client address may
//! hold at once (connections, live-update listeners, table WebSockets,
//! requests in hand), so that no one client can take every place. A client
//! is counted by its address as [`super::http::client`] groups it (an IPv6
//! client by its /64), behind `--trusted-proxy` by the address the proxy
//! names.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use axum::http::StatusCode;

use super::error::ApiError;
use super::http::client;
use super::limits::Limits;

/// How many of one kind of thing each address holds, each at most `max`.
/// The map holds only addresses that hold something, so it is bounded by
/// what is held.
pub(crate) struct PerAddress {
    counts: Mutex<HashMap<IpAddr, usize>>,
    max: usize,
}

/// One place held by an address; given back when dropped.
pub(crate) struct Share {
    of: Arc<PerAddress>,
    ip: IpAddr,
}

impl PerAddress {
    pub(crate) fn new(max: usize) -> Arc<PerAddress> {
        Arc::new(PerAddress { counts: Mutex::default(), max })
    }

    /// A place for `ip`, unless it holds its share already.
    pub(crate) fn take(self: &Arc<PerAddress>, ip: IpAddr) -> Option<Share> {
        let ip = client(ip);
        let mut m = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        let n = m.entry(ip).or_insert(0);
        if *n >= self.max {
            if *n == 0 {
                m.remove(&ip);
            }
            return None;
        }
        *n += 1;
        Some(Share { of: Arc::clone(self), ip })
    }

    /// What `ip` holds now (tests, logs).
    #[cfg(test)]
    fn held(&self, ip: IpAddr) -> usize {
        let m = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        m.get(&client(ip)).copied().unwrap_or(0)
    }
}

impl Drop for Share {
    fn drop(&mut self) {
        let mut m = self.of.counts.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = m.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                m.remove(&self.ip);
            }
        }
    }
}

/// The answer to an address over its share of `what`.
pub(crate) fn over(what: &str) -> ApiError {
    let mut e = ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "rate_limited",
        format!("your address holds as many {what} as one may: close some, or try again soon"),
    );
    e.retry_after = Some(1);
    e
}

/// Every per-address share of the hub.
pub(crate) struct Fair {
    /// Connections (counted where they are accepted; a trusted proxy's
    /// are its clients', not counted as one address's).
    pub connections: Arc<PerAddress>,
    /// Live-update listeners (score sheets).
    pub listeners: Arc<PerAddress>,
    /// Card tables' WebSockets, people's and spectators'.
    pub sockets: Arc<PerAddress>,
    /// Requests being answered.
    pub requests: Arc<PerAddress>,
}

impl Fair {
    pub(crate) fn new(l: &Limits) -> Fair {
        Fair {
            connections: PerAddress::new(l.max_connections_per_address),
            listeners: PerAddress::new(l.max_listeners_per_address),
            sockets: PerAddress::new(l.max_websockets_per_address),
            requests: PerAddress::new(l.max_requests_per_address),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::PerAddress;

    #[test]
    fn an_address_holds_its_share_and_gives_it_back() {
        let a: std::net::IpAddr = "10.0.0.1".parse().unwrap();
        let b: std::net::IpAddr = "2001:db8::1".parse().unwrap();
        let b2: std::net::IpAddr = "2001:db8::2".parse().unwrap();
        let p = PerAddress::new(2);
        let x = p.take(a).unwrap();
        let _y = p.take(a).unwrap();
        assert!(p.take(a).is_none());
        // One /64 is one client.
        let _z = p.take(b).unwrap();
        let _w = p.take(b2).unwrap();
        assert!(p.take(b).is_none());
        drop(x);
        assert_eq!(p.held(a), 1);
        assert!(p.take(a).is_some());
        assert_eq!(p.counts.lock().unwrap().len(), 2);
    }
}
