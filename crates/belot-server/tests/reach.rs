//! Reachable from the phones at the table: which links the other phones
//! can open (`GET /api/reach`, [`Reach`]), and a QR code asked for from a
//! page opened on this machine (127.0.0.1, localhost) encodes such a link,
//! not loopback. Loopback traffic only: no test sends anything elsewhere.

use std::net::{IpAddr, SocketAddr};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use belot_server::{Hub, Limits, Reach, app, serve_with};
use serde_json::{Value, json};
use tower::ServiceExt;

mod common;
use common::{db, http};

fn ips(list: &[&str]) -> Vec<IpAddr> {
    list.iter().map(|a| a.parse().unwrap()).collect()
}

fn at(listen: &str, interfaces: &[&str]) -> Reach {
    Reach::with_interfaces(listen.parse().unwrap(), ips(interfaces))
}

/// A laptop on home Wi-Fi (IPv4 and IPv6), with a loopback and an IPv6
/// link-local address.
const LAPTOP: &[&str] =
    &["127.0.0.1", "::1", "fe80::1c2b:3aff:fe4d:5e6f", "fd00::20", "192.168.1.20", "10.8.0.3"];

#[test]
fn which_links_the_other_phones_can_open() {
    // Loopback: none, and the hint says how to let them in.
    let r = at("127.0.0.1:8080", LAPTOP);
    assert!(r.loopback_only());
    assert_eq!(r.urls(), Vec::<String>::new());
    assert_eq!(
        r.banner(),
        "belot serve: http://127.0.0.1:8080 (this machine only: the other phones cannot reach it; \
         to let them, start with --addr 0.0.0.0:8080)"
    );
    assert!(at("[::1]:8080", LAPTOP).loopback_only());
    // Behind a reverse proxy (--trusted-proxy) on loopback: the phones
    // come through the proxy; nothing says they cannot reach it.
    let proxied = at("127.0.0.1:8080", LAPTOP).banner_behind(&["127.0.0.1".parse().unwrap()]);
    assert_eq!(
        proxied,
        "belot serve: http://127.0.0.1:8080 (behind the reverse proxy at 127.0.0.1: the phones \
         open the proxy's address)"
    );
    let open = at("0.0.0.0:8080", LAPTOP);
    assert_eq!(open.banner_behind(&["10.0.0.1".parse().unwrap()]), open.banner());
    // All IPv4 interfaces: their addresses, loopback left out.
    let r = at("0.0.0.0:8080", LAPTOP);
    assert!(!r.loopback_only());
    assert_eq!(r.urls(), ["http://192.168.1.20:8080", "http://10.8.0.3:8080"]);
    let banner = r.banner();
    let (first, note) = banner.split_once('\n').unwrap();
    assert_eq!(
        first,
        "belot serve: on this machine http://127.0.0.1:8080; from other phones on the network: \
         http://192.168.1.20:8080, http://10.8.0.3:8080"
    );
    // What plain http costs the other phones, and where the ways round
    // it are (issue 44).
    assert!(
        note.contains("no offline app") && note.contains("A secure origin for the phones"),
        "{note}"
    );
    // All interfaces, IPv6 too: IPv4 first, link-local left out.
    let r = at("[::]:8080", LAPTOP);
    assert_eq!(
        r.urls(),
        ["http://192.168.1.20:8080", "http://10.8.0.3:8080", "http://[fd00::20]:8080"]
    );
    assert_eq!(r.local_url(), "http://[::1]:8080");
    // One address: that one.
    let r = at("192.168.1.20:9000", LAPTOP);
    assert_eq!(r.urls(), ["http://192.168.1.20:9000"]);
    assert!(r.banner().contains("other phones"), "{}", r.banner());
    // No network: said so.
    let r = at("0.0.0.0:8080", &["127.0.0.1", "::1"]);
    assert_eq!(r.urls(), Vec::<String>::new());
    let first = r.banner().lines().next().unwrap().to_string();
    assert!(first.ends_with("none found (is this machine on the network?)"), "{first}");
}

/// The router with this reach (as `serve_with` gives it), or none (a router
/// served without a socket).
async fn get(reach: Option<Reach>, hub: &Hub, uri: &str) -> (StatusCode, String) {
    let mut router = app(hub.clone());
    if let Some(r) = reach {
        router = router.layer(axum::Extension(r));
    }
    let resp =
        router.oneshot(Request::builder().uri(uri).body(Body::empty()).unwrap()).await.unwrap();
    let s = resp.status();
    let b = axum::body::to_bytes(resp.into_body(), 1 << 20).await.unwrap();
    (s, String::from_utf8_lossy(&b).into_owned())
}

async fn reach_json(reach: Option<Reach>, hub: &Hub) -> Value {
    let (s, body) = get(reach, hub, "/api/reach").await;
    assert_eq!(s, StatusCode::OK, "{body}");
    serde_json::from_str(&body).unwrap()
}

#[tokio::test]
async fn the_endpoint_for_loopback_all_interfaces_and_no_socket() {
    let h = Hub::open(&db("reach"), Limits::default()).unwrap();
    assert_eq!(
        reach_json(Some(at("127.0.0.1:8080", LAPTOP)), &h).await,
        json!({"urls": [], "loopback_only": true})
    );
    assert_eq!(
        reach_json(Some(at("0.0.0.0:8080", LAPTOP)), &h).await,
        json!({"urls": ["http://192.168.1.20:8080", "http://10.8.0.3:8080"], "loopback_only": false})
    );
    // Without a socket nothing is known, and nothing is claimed.
    assert_eq!(reach_json(None, &h).await, json!({"urls": [], "loopback_only": false}));
}

/// What the page asks for on a phone's screen opened on this machine: the
/// QR code with its own origin. With a LAN address known the code is the
/// LAN link's; loopback only, or for a page opened by its LAN or public
/// name, it is the page's own.
#[tokio::test]
async fn a_qr_asked_for_from_127_0_0_1_encodes_the_lan_link() {
    let h = Hub::open(&db("qr"), Limits::default()).unwrap();
    let resp = app(h.clone())
        .oneshot(
            Request::builder()
                .method("POST")
                .uri("/api/sheets")
                .header("content-type", "application/json")
                .body(Body::from(
                    json!({"players": ["A", "B", "C", "D"], "rules": {"variant": "french"}})
                        .to_string(),
                ))
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::CREATED);
    let st: Value =
        serde_json::from_slice(&axum::body::to_bytes(resp.into_body(), 1 << 20).await.unwrap())
            .unwrap();
    let (id, view) = (st["id"].as_str().unwrap(), st["view_id"].as_str().unwrap());
    let lan = || Some(at("0.0.0.0:8080", LAPTOP));
    let local = || Some(at("127.0.0.1:8080", LAPTOP));
    for path in [format!("/api/sheets/{id}/qr.svg"), format!("/api/view/{view}/qr.svg")] {
        let q = |origin: &str| format!("{path}?origin={}", enc(origin));
        let (s, lan_code) = get(None, &h, &q("http://192.168.1.20:8080")).await;
        assert_eq!(s, StatusCode::OK);
        let (_, loop_code) = get(None, &h, &q("http://127.0.0.1:8080")).await;
        assert_ne!(lan_code, loop_code, "the two links make different codes");
        for origin in ["http://127.0.0.1:8080", "http://localhost:8080", "http://[::1]:8080"] {
            assert_eq!(get(lan(), &h, &q(origin)).await.1, lan_code, "{path} from {origin}");
        }
        // Loopback only: nothing better to encode.
        assert_eq!(get(local(), &h, &q("http://127.0.0.1:8080")).await.1, loop_code);
        // A page opened by another name keeps it (a reverse proxy's, a LAN name).
        let named = get(None, &h, &q("https://belot.example")).await.1;
        assert_eq!(get(lan(), &h, &q("https://belot.example")).await.1, named);
        assert_ne!(named, lan_code);
    }
}

fn enc(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Served for real: on loopback the endpoint says so; on all interfaces
/// (asked over loopback) it lists this machine's other addresses, each
/// with the port listened on.
#[tokio::test]
async fn served_on_loopback_and_on_all_interfaces() {
    for (bind, loopback) in [("127.0.0.1:0", true), ("0.0.0.0:0", false)] {
        let listener = tokio::net::TcpListener::bind(bind).await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let hub = Hub::open(&db("served"), Limits::default()).unwrap();
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let h = hub.clone();
        let server = tokio::spawn(async move {
            serve_with(listener, h.clone(), app(h), async {
                let _ = rx.await;
            })
            .await
            .unwrap();
        });
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let (s, r) = http(addr, "GET", "/api/reach", None).await;
        assert_eq!(s, 200, "{r}");
        assert_eq!(r["loopback_only"], loopback, "{bind}: {r}");
        let urls = r["urls"].as_array().unwrap();
        if loopback {
            assert!(urls.is_empty(), "{r}");
        }
        for u in urls {
            let u = u.as_str().unwrap();
            assert!(u.starts_with("http://") && u.ends_with(&format!(":{port}")), "{u}");
            assert!(!u.contains("127.0.0.1") && !u.contains("[::1]"), "{u}");
        }
        let _ = tx.send(());
        server.await.unwrap();
    }
}
