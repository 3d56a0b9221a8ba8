//! What every route shares: the client's address, ids in paths, JSON
//! answers, and bodies or queries the handlers cannot take as coded
//! errors. Below the score sheets' and the card tables' handlers alike.

use std::net::{IpAddr, SocketAddr};

use axum::body::{Body, Bytes};
use axum::extract::ConnectInfo;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use belot_store::SheetId;
use serde_json::{Value, json};

use super::error::{ApiError, ApiResult};

/// The reverse proxies whose `X-Forwarded-For` is believed (the server's
/// state knows them from `--trusted-proxy`).
pub(crate) trait Proxies {
    /// The proxies' addresses.
    fn trusted_proxies(&self) -> &[IpAddr];
}

/// The client's address, when the server knows it (not in tests that
/// call the router directly). Behind a reverse proxy named by
/// `--trusted-proxy`, the address that proxy says it saw: the last one of
/// `X-Forwarded-For` (earlier ones are the client's word).
pub(crate) struct Peer(pub Option<std::net::IpAddr>);

impl<S: Proxies + Sync> axum::extract::FromRequestParts<S> for Peer {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Peer, Self::Rejection> {
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
        let proxied = peer
            .filter(|p| state.trusted_proxies().contains(p))
            .and_then(|_| parts.headers.get_all("x-forwarded-for").iter().next_back())
            .and_then(|h| h.to_str().ok()?.rsplit(',').next()?.trim().parse().ok());
        Ok(Peer(proxied.or(peer)))
    }
}

pub(crate) fn parse_id(s: &str) -> ApiResult<SheetId> {
    SheetId::parse(s).map_err(|_| {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such game: check the link")
    })
}

/// A JSON answer from pieces already serialised.
pub(crate) fn json_bytes(status: StatusCode, parts: Vec<Bytes>) -> Response {
    let mut all = Vec::with_capacity(parts.iter().map(Bytes::len).sum());
    for p in &parts {
        all.extend_from_slice(p);
    }
    (status, [(header::CONTENT_TYPE, "application/json")], Body::from(all)).into_response()
}

/// A body the handler could not take, as a coded error: `not_json` (415:
/// no JSON content type), `bad_json` (400: not JSON), `missing_field`,
/// `unknown_field` or `invalid_value` (422, with the field and where it
/// is), `too_big` (413). serde's own words stay in the message only.
pub(crate) fn body_error(e: JsonRejection) -> ApiError {
    let text = e.body_text();
    let (status, code) = match &e {
        JsonRejection::BytesRejection(_) => (StatusCode::PAYLOAD_TOO_LARGE, "too_big"),
        JsonRejection::MissingJsonContentType(_) => {
            (StatusCode::UNSUPPORTED_MEDIA_TYPE, "not_json")
        }
        JsonRejection::JsonSyntaxError(_) => (StatusCode::BAD_REQUEST, "bad_json"),
        JsonRejection::JsonDataError(_) => {
            (StatusCode::UNPROCESSABLE_ENTITY, data_error_code(&text))
        }
        _ => (StatusCode::BAD_REQUEST, "bad_request"),
    };
    let mut err = ApiError::new(status, code, format!("{text}; see /api/openapi.json"));
    if let JsonRejection::JsonDataError(_) = &e {
        err.params = Some(data_error_params(&text));
    }
    err
}

/// The code of a body that is JSON but not of the expected shape, read
/// from serde's message (its wording is stable: "missing field `x`").
fn data_error_code(text: &str) -> &'static str {
    if text.contains("missing field `") {
        "missing_field"
    } else if text.contains("unknown field `") {
        "unknown_field"
    } else {
        "invalid_value"
    }
}

/// Where in the body a data error is (`change.entry`) and the field it
/// names, for a message in the client's language.
fn data_error_params(text: &str) -> Value {
    let rest = text.split_once("target type: ").map_or(text, |(_, r)| r);
    // serde_path_to_error puts the path first, then ": ", then the error;
    // "." alone is the body itself.
    let (at, what) = match rest.split_once(": ") {
        Some((p, w)) if !p.contains(' ') => (p, w),
        _ => (".", rest),
    };
    // The field a missing or unknown field names; an invalid value's own
    // text is the client's, not quoted back.
    let named = what.starts_with("missing field") || what.starts_with("unknown field");
    let field = if named { what.split('`').nth(1).unwrap_or("") } else { "" };
    let short = |s: &str| s.chars().take(40).collect::<String>();
    json!({ "at": short(at), "field": short(field) })
}

pub(crate) fn query_error(e: QueryRejection) -> ApiError {
    ApiError::new(
        StatusCode::BAD_REQUEST,
        "bad_request",
        format!("{}; see /api/openapi.json", e.body_text()),
    )
}

/// The address a client is counted by: an IPv6 client holds a whole /64
/// (it can pick any address in it), so it counts as one.
pub(crate) fn client(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) if v6.to_ipv4_mapped().is_none() => {
            let s = v6.segments();
            IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
        }
        IpAddr::V6(v6) => {
            IpAddr::V4(v6.to_ipv4_mapped().unwrap_or(std::net::Ipv4Addr::UNSPECIFIED))
        }
        v4 => v4,
    }
}

#[cfg(test)]
mod tests {
    use super::client;

    #[test]
    fn an_ipv6_client_counts_by_its_64_and_a_mapped_v4_as_v4() {
        let a = client("2001:db8:1:2:aaaa::1".parse().unwrap());
        let b = client("2001:db8:1:2:bbbb::9".parse().unwrap());
        assert_eq!(a, b);
        assert_ne!(a, client("2001:db8:1:3::1".parse().unwrap()));
        assert_eq!(client("::ffff:10.0.0.1".parse().unwrap()), client("10.0.0.1".parse().unwrap()));
    }
}
