//! Sign-in rules behind the auth handlers: captchas, sending and checking
//! verification codes with their limits, and reading the caller's IP.

pub mod captcha;
pub mod codes;
pub mod dev_captchas;
pub mod form;
pub mod throttle;

use actix_web::HttpRequest;
use pixmart_shared::config::AuthSettings;
use pixmart_shared::domain::CodeHasher;
use secrecy::ExposeSecret;

pub fn hasher(auth: &AuthSettings) -> CodeHasher {
    CodeHasher::new(auth.code_pepper.expose_secret())
}

/// The caller's IP for the per-IP limits: the socket peer, or, when the
/// peer is one of `auth.trusted_proxies`, the rightmost address in
/// `X-Forwarded-For` that no trusted proxy added (see
/// [`TrustedProxies::client_ip`](pixmart_shared::config::TrustedProxies::client_ip)).
pub fn client_ip(req: &HttpRequest, auth: &AuthSettings) -> String {
    let Some(peer) = req.peer_addr().map(|a| a.ip()) else {
        return "unknown".to_owned();
    };
    let forwarded: Vec<&str> = req.headers().get_all("x-forwarded-for").filter_map(|v| v.to_str().ok()).collect();
    auth.trusted_proxies.client_ip(peer, &forwarded).to_string()
}
