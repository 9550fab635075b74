//! Serves the built web UI with a fallback to `index.html`, so client-side
//! routes like `/ai-cutout` load on a refresh. Vite's hashed assets are
//! cached for a year; everything else is revalidated, so a new release is
//! picked up at once.

use std::path::Path;

use actix_files::{Files, NamedFile};
use actix_web::dev::{fn_service, Service, ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderValue, CACHE_CONTROL};
use actix_web::web;
use futures::FutureExt;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

pub fn configure(cfg: &mut web::ServiceConfig, dist: &Path) {
    let index = dist.join("index.html");
    if !index.is_file() {
        tracing::warn!(dir = %dist.display(), "web UI not built; serving the API only");
        return;
    }
    let files =
        Files::new("/", dist).index_file("index.html").default_handler(fn_service(move |req: ServiceRequest| {
            let index = index.clone();
            async move {
                let (req, _) = req.into_parts();
                let file = NamedFile::open_async(&index).await?;
                let res = file.into_response(&req);
                Ok(ServiceResponse::new(req, res))
            }
        }));
    cfg.service(
        web::scope("")
            .wrap_fn(|req, srv| {
                let hashed = req.path().starts_with("/assets/");
                srv.call(req).map(move |res| {
                    res.map(|mut res| {
                        let policy = if hashed && res.status().is_success() { IMMUTABLE } else { REVALIDATE };
                        res.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static(policy));
                        res
                    })
                })
            })
            .service(files),
    );
}
