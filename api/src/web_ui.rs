//! Serves the built web UI with a fallback to `index.html`, so client-side
//! routes like `/ai-cutout` load on a refresh.

use std::path::{Path, PathBuf};

use actix_files::{Files, NamedFile};
use actix_web::dev::{fn_service, ServiceRequest, ServiceResponse};
use actix_web::web;

pub fn configure(cfg: &mut web::ServiceConfig, dist: &Path) {
    let index = dist.join("index.html");
    if !index.is_file() {
        tracing::warn!(dir = %dist.display(), "web UI not built; serving the API only");
        return;
    }
    let index: PathBuf = index;
    cfg.service(Files::new("/", dist).index_file("index.html").default_handler(fn_service(
        move |req: ServiceRequest| {
            let index = index.clone();
            async move {
                let (req, _) = req.into_parts();
                let file = NamedFile::open_async(&index).await?;
                let res = file.into_response(&req);
                Ok(ServiceResponse::new(req, res))
            }
        },
    )));
}
