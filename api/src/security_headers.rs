//! Headers every response carries, so a browser treats the UI and the API
//! strictly: no framing by other sites (clickjacking), no MIME sniffing, no
//! full URLs leaked to other sites, and scripts only from this origin.

use actix_web::middleware::DefaultHeaders;

/// Only this origin's scripts; images may also be data/blob URLs (QR codes,
/// previews) or a brand's logo on another https host; never framed.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; media-src 'self' blob:; \
font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; \
frame-ancestors 'none'";

pub fn middleware() -> DefaultHeaders {
    DefaultHeaders::new()
        .add(("Content-Security-Policy", CONTENT_SECURITY_POLICY))
        .add(("X-Frame-Options", "DENY"))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
}
