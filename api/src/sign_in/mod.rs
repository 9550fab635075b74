//! Sign-in rules behind the auth handlers: captchas, sending and checking
//! verification codes with their limits, and reading the caller's IP.

pub mod captcha;
pub mod codes;
pub mod dev_captchas;
pub mod form;

use actix_web::HttpRequest;
use pixmart_shared::config::AuthSettings;
use pixmart_shared::domain::CodeHasher;
use secrecy::ExposeSecret;

pub fn hasher(auth: &AuthSettings) -> CodeHasher {
    CodeHasher::new(auth.code_pepper.expose_secret())
}

/// The caller's IP for the per-IP limits: the socket peer, or the proxy's
/// forwarded address when configured to trust it.
pub fn client_ip(req: &HttpRequest, auth: &AuthSettings) -> String {
    let info = req.connection_info();
    let ip = if auth.trust_proxy_headers { info.realip_remote_addr() } else { info.peer_addr() };
    let ip = ip.unwrap_or("unknown");
    // Strip a port ("1.2.3.4:5678" or "[::1]:5678").
    match ip.rsplit_once(':') {
        Some((host, port)) if port.bytes().all(|b| b.is_ascii_digit()) && !host.is_empty() && !host.ends_with(':') => {
            host.trim_start_matches('[').trim_end_matches(']').to_owned()
        }
        _ => ip.to_owned(),
    }
}
