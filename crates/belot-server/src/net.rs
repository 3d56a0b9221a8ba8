//! The listening socket: a cap on open connections, a timeout on headers,
//! an idle timeout on every connection, and a graceful stop on SIGINT or
//! SIGTERM that ends live streams and finishes acknowledged writes. Also
//! which addresses the other phones at the table can use ([`Reach`]).

use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, ready};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tokio::time::{Instant, Sleep};
use tower::ServiceExt;

use crate::hub::Hub;

/// A stream that fails with `TimedOut` when no byte has moved either way
/// for `idle`.
struct IdleIo<T> {
    inner: T,
    idle: Duration,
    deadline: Pin<Box<Sleep>>,
}

impl<T> IdleIo<T> {
    fn new(inner: T, idle: Duration) -> IdleIo<T> {
        IdleIo { inner, idle, deadline: Box::pin(tokio::time::sleep(idle)) }
    }

    fn moved(&mut self) {
        self.deadline.as_mut().reset(Instant::now() + self.idle);
    }

    fn pending<R>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<R>> {
        ready!(self.deadline.as_mut().poll(cx));
        Poll::Ready(Err(io::Error::new(io::ErrorKind::TimedOut, "idle connection")))
    }

    /// `poll` as the inner stream answered it: when ready, bytes moved if
    /// `moved` says so; when pending, the idle deadline is watched.
    fn watched<R>(
        &mut self,
        cx: &mut Context<'_>,
        poll: Poll<io::Result<R>>,
        moved: bool,
    ) -> Poll<io::Result<R>> {
        match poll {
            Poll::Ready(r) => {
                if moved {
                    self.moved();
                }
                Poll::Ready(r)
            }
            Poll::Pending => self.pending(cx),
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for IdleIo<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let me = self.get_mut();
        let before = buf.filled().len();
        let poll = Pin::new(&mut me.inner).poll_read(cx, buf);
        me.watched(cx, poll, buf.filled().len() > before)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for IdleIo<T> {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, b: &[u8]) -> Poll<io::Result<usize>> {
        let me = self.get_mut();
        let poll = Pin::new(&mut me.inner).poll_write(cx, b);
        me.watched(cx, poll, true)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let me = self.get_mut();
        let poll = Pin::new(&mut me.inner).poll_write_vectored(cx, bufs);
        me.watched(cx, poll, true)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let me = self.get_mut();
        let poll = Pin::new(&mut me.inner).poll_flush(cx);
        me.watched(cx, poll, false)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

/// A connection on which the HTTP layer's own bare error answers (an
/// empty 400, 414 or 431 for a request hyper cannot take) go out as JSON
/// with a code, as every other error does ([`crate::base::error::json_for_bare_error`]).
/// hyper writes such an answer whole, as the only thing in flight, before
/// closing.
struct JsonErrorsIo<T> {
    inner: T,
    /// The JSON answer being written, how much of it is out, and how many
    /// of hyper's bytes it stands for.
    pending: Option<(Vec<u8>, usize, usize)>,
}

impl<T: AsyncWrite + Unpin> JsonErrorsIo<T> {
    fn new(inner: T) -> JsonErrorsIo<T> {
        JsonErrorsIo { inner, pending: None }
    }

    /// Writes the JSON answer in place of `head`, if `head` is a bare
    /// error; `None` to write `head` as it is.
    fn replace(&mut self, cx: &mut Context<'_>, head: &[u8]) -> Option<Poll<io::Result<usize>>> {
        if self.pending.is_none() {
            let (out, used) = crate::base::error::json_for_bare_error(head)?;
            self.pending = Some((out, 0, used));
        }
        let (out, sent, used) = self.pending.as_mut()?;
        while *sent < out.len() {
            match Pin::new(&mut self.inner).poll_write(cx, &out[*sent..]) {
                Poll::Ready(Ok(0)) => return Some(Poll::Ready(Ok(0))),
                Poll::Ready(Ok(n)) => *sent += n,
                Poll::Ready(Err(e)) => return Some(Poll::Ready(Err(e))),
                Poll::Pending => return Some(Poll::Pending),
            }
        }
        let used = *used;
        self.pending = None;
        Some(Poll::Ready(Ok(used)))
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for JsonErrorsIo<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for JsonErrorsIo<T> {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, b: &[u8]) -> Poll<io::Result<usize>> {
        let me = self.get_mut();
        match me.replace(cx, b) {
            Some(p) => p,
            None => Pin::new(&mut me.inner).poll_write(cx, b),
        }
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let me = self.get_mut();
        let first = bufs.iter().find(|b| !b.is_empty()).map_or(&[][..], |b| &b[..]);
        match me.replace(cx, first) {
            Some(p) => p,
            None => Pin::new(&mut me.inner).poll_write_vectored(cx, bufs),
        }
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

/// Where the server listens, and so the addresses the other phones at the
/// table can open: none when it listens on loopback only; the machine's
/// network interfaces' addresses when it listens on all of them (0.0.0.0
/// or [::]; IPv4 first, IPv6 link-local left out, read from the system
/// when asked, without sending anything); else the one address it listens
/// on. [`serve_with`] gives it to every request (an extension); a router
/// tested without a socket can be given one with
/// `.layer(axum::Extension(reach))`.
#[derive(Clone, Debug)]
pub struct Reach {
    listen: SocketAddr,
    /// A fixed list of interface addresses (tests); else the system's.
    interfaces: Option<Arc<[IpAddr]>>,
}

impl Reach {
    /// Listening on `listen`; interface addresses read from the system.
    pub fn new(listen: SocketAddr) -> Reach {
        Reach { listen, interfaces: None }
    }

    /// Listening on `listen`, on a machine whose interfaces have these
    /// addresses.
    pub fn with_interfaces(listen: SocketAddr, interfaces: Vec<IpAddr>) -> Reach {
        Reach { listen, interfaces: Some(interfaces.into()) }
    }

    /// The address listened on.
    pub fn listen(&self) -> SocketAddr {
        self.listen
    }

    /// Only this machine can connect (127.0.0.0/8 or ::1).
    pub fn loopback_only(&self) -> bool {
        self.listen.ip().is_loopback()
    }

    /// The link to open on this machine.
    pub fn local_url(&self) -> String {
        let ip = match self.listen.ip() {
            IpAddr::V4(v4) if v4.is_unspecified() => IpAddr::from([127, 0, 0, 1]),
            IpAddr::V6(v6) if v6.is_unspecified() => IpAddr::from(std::net::Ipv6Addr::LOCALHOST),
            ip => ip,
        };
        url(ip, self.listen.port())
    }

    /// The links the other phones on the network can open, best first.
    pub fn urls(&self) -> Vec<String> {
        let ip = self.listen.ip();
        if ip.is_loopback() {
            return Vec::new();
        }
        if !ip.is_unspecified() {
            return vec![url(ip, self.listen.port())];
        }
        let mut ips: Vec<IpAddr> = match &self.interfaces {
            Some(fixed) => fixed.to_vec(),
            None => system_addresses(),
        };
        // A socket on 0.0.0.0 takes IPv4 only; one on [::] takes both
        // (the systems' default).
        ips.retain(|a| {
            !a.is_loopback()
                && !a.is_unspecified()
                && !a.is_multicast()
                && (ip.is_ipv6() || a.is_ipv4())
                && match a {
                    IpAddr::V4(v4) => !v4.is_broadcast(),
                    IpAddr::V6(v6) => !v6.is_unicast_link_local(),
                }
        });
        // IPv4 first (what phones on a home network use), order kept.
        ips.sort_by_key(|a| a.is_ipv6());
        let mut seen = Vec::new();
        ips.retain(|a| {
            let new = !seen.contains(a);
            seen.push(*a);
            new
        });
        ips.into_iter().map(|a| url(a, self.listen.port())).collect()
    }

    /// What `belot serve` prints on start: where to open the app, and
    /// whether (and how) the other phones can; then what plain http costs
    /// them (no offline app) and where the ways round it are told.
    pub fn banner(&self) -> String {
        let first = self.first_line();
        if self.loopback_only() {
            return first;
        }
        format!("{first}\n{SECURE_ORIGIN_NOTE}")
    }

    /// The banner of a server behind the reverse proxies named by
    /// `--trusted-proxy`: on loopback the phones come through them (and
    /// have https there, if the proxy gives it).
    pub fn banner_behind(&self, proxies: &[IpAddr]) -> String {
        if !self.loopback_only() || proxies.is_empty() {
            return self.banner();
        }
        let names: Vec<String> = proxies.iter().map(IpAddr::to_string).collect();
        format!(
            "belot serve: {} (behind the reverse proxy at {}: the phones open the proxy's address)",
            self.local_url(),
            names.join(", ")
        )
    }

    fn first_line(&self) -> String {
        let local = self.local_url();
        if self.loopback_only() {
            let port = self.listen.port();
            return format!(
                "belot serve: {local} (this machine only: the other phones cannot reach it; \
                 to let them, start with --addr 0.0.0.0:{port})"
            );
        }
        if !self.listen.ip().is_unspecified() {
            return format!("belot serve: {local} (from other phones on the network too)");
        }
        let urls = self.urls();
        let others = if urls.is_empty() {
            "none found (is this machine on the network?)".to_string()
        } else {
            urls.join(", ")
        };
        format!("belot serve: on this machine {local}; from other phones on the network: {others}")
    }
}

/// The second line of the banner where other phones can connect.
const SECURE_ORIGIN_NOTE: &str = "belot serve: phones that open an http:// network address get \
    no offline app (browsers keep that for https://); deals they save offline still wait on \
    the phone while the page is open. For https:// at home, see \"A secure origin for the \
    phones\" in docs/serve.md.";

fn url(ip: IpAddr, port: u16) -> String {
    match ip {
        IpAddr::V4(v4) => format!("http://{v4}:{port}"),
        IpAddr::V6(v6) => format!("http://[{v6}]:{port}"),
    }
}

/// The addresses of this machine's interfaces that are up, as the system
/// lists them (no network traffic); none if it cannot say.
fn system_addresses() -> Vec<IpAddr> {
    let Ok(ifs) = if_addrs::get_if_addrs() else { return Vec::new() };
    ifs.into_iter()
        .filter(|i| {
            !matches!(
                i.oper_status,
                if_addrs::IfOperStatus::Down
                    | if_addrs::IfOperStatus::NotPresent
                    | if_addrs::IfOperStatus::LowerLayerDown
            )
        })
        .map(|i| i.ip())
        .collect()
}

/// Serves `app` on `listener` until `stop` resolves, then stops taking
/// connections, ends live streams and waits for open requests (at most
/// the shutdown grace).
pub async fn serve_with(
    listener: TcpListener,
    hub: Hub,
    app: Router,
    stop: impl std::future::Future<Output = ()>,
) -> io::Result<()> {
    let limits = hub.limits().clone();
    let reach = Reach::new(listener.local_addr()?);
    let permits = Arc::new(Semaphore::new(limits.max_connections));
    let per_address = Arc::clone(&hub.base.fair().connections);
    // Told to every connection at shutdown: finish the request in hand
    // (a WebSocket ends with the live streams).
    let (closing, _) = tokio::sync::watch::channel(false);
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            r = listener.accept() => match r {
                Ok(x) => x,
                // Out of file descriptors and the like: wait, do not spin.
                Err(_) => { tokio::time::sleep(Duration::from_millis(50)).await; continue; }
            },
            _ = &mut stop => break,
        };
        // A fair share per client address first (a trusted proxy's
        // connections are its clients', counted by address per request).
        let share = if limits.trusted_proxies.contains(&peer.ip()) {
            None
        } else {
            match per_address.take(peer.ip()) {
                Some(s) => Some(s),
                None => {
                    refuse(stream, "this address holds as many connections as one may");
                    continue;
                }
            }
        };
        let Ok(permit) = Arc::clone(&permits).try_acquire_owned() else {
            refuse(stream, "the server is full: try again");
            continue;
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let reach = reach.clone();
        let svc = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
            req.extensions_mut().insert(ConnectInfo(peer));
            req.extensions_mut().insert(reach.clone());
            app.clone().oneshot(req)
        });
        let conn = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(limits.header_timeout)
            .serve_connection(
                TokioIo::new(JsonErrorsIo::new(IdleIo::new(stream, limits.idle_timeout))),
                svc,
            )
            .with_upgrades();
        let mut closing = closing.subscribe();
        tokio::spawn(async move {
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                _ = async { let _ = closing.wait_for(|c| *c).await; } => {
                    conn.as_mut().graceful_shutdown();
                    let _ = conn.await;
                }
            }
            drop((permit, share));
        });
    }
    drop(listener);
    hub.begin_shutdown();
    closing.send_replace(true);
    // Every connection has ended once all the permits are back.
    let all = u32::try_from(limits.max_connections).unwrap_or(u32::MAX);
    tokio::select! {
        _ = permits.acquire_many(all) => {}
        _ = tokio::time::sleep(limits.shutdown_grace) => {}
    }
    hub.close().await;
    Ok(())
}

/// Tells a connection over a cap to come back, and closes it, at once: the
/// answer fits in the socket's buffer, and a storm of refused connections
/// leaves no task or socket behind.
fn refuse(s: TcpStream, why: &str) {
    let body =
        serde_json::json!({"error": {"code": "too_many_connections", "message": why}}).to_string();
    let full = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\n\
         connection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    let _ = s.try_write(full.as_bytes());
}

/// Resolves on SIGINT (Ctrl-C) or, on Unix, SIGTERM.
pub async fn signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = term => {}
    }
}
