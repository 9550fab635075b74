//! `POST /v1.0/removebg`: remove.bg's API, served by pixmart, so a
//! merchant's existing remove.bg plugin or SDK works by changing only its
//! base URL and key (docs/API.md, "remove.bg-compatible API"); with it,
//! `GET /v1.0/account`, the balance call plugins check keys with. It sits
//! outside `/api` (remove.bg's own path) and is not in pixmart's OpenAPI
//! document: its contract is remove.bg's, answers are images and errors are
//! remove.bg's `{"errors":[…]}`, not pixmart's envelope.
//!
//! The call: the key's owner (`key`), its per-key rate limit, the body
//! (`input`) and options (`options`), the image validated and stored, one
//! `MATTING_IMAGE` task charged and run like any other (`run`), then the
//! answer made from the cutout (`render`) with remove.bg's headers.

mod account;
mod answer;
mod input;
mod key;
mod options;
mod render;
mod run;

use actix_web::{web, HttpRequest, HttpResponse};

use self::answer::Failure;
use self::input::Source;
use self::options::Options;
use crate::error::ApiError;
use crate::AppState;
use pixmart_shared::ErrorCode;

pub const PATH: &str = "/v1.0/removebg";

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route(PATH, web::post().to(remove_background));
    cfg.route("/v1.0/account", web::get().to(account::account));
}

async fn remove_background(state: web::Data<AppState>, req: HttpRequest, payload: web::Payload) -> HttpResponse {
    match handle(&state, &req, payload).await {
        Ok(res) => res,
        Err(failure) => answer::respond(&failure),
    }
}

async fn handle(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, Failure> {
    let owner = key::authenticate(state, req).await?;
    key::count_call(state, owner).await?;
    let mut fields = input::read(req, payload).await?;
    let options = Options::parse(&fields)?;
    let image = match fields.take_source()? {
        Source::Bytes(bytes) => bytes,
        Source::Url => return Err(ApiError::new(ErrorCode::ApiImageUrlUnsupported).into()),
    };
    let upload = run::store_image(state, owner.user, image).await?;
    let finished = run::cutout(state, req, owner.user, upload).await?;

    let png = state.blobs.get(&finished.cutout_key).await.map_err(ApiError::internal)?;
    let render_options = options.clone();
    let rendered = web::block(move || {
        let cutout = image::load_from_memory(&png).map_err(anyhow::Error::from)?.to_rgba8();
        render::render(cutout, &render_options).map_err(anyhow::Error::from)
    })
    .await
    .map_err(ApiError::internal)?
    .map_err(ApiError::internal)?;

    Ok(HttpResponse::Ok()
        .content_type(rendered.content_type)
        .insert_header(("X-Width", rendered.width.to_string()))
        .insert_header(("X-Height", rendered.height.to_string()))
        .insert_header(("X-Credits-Charged", finished.charged.get().to_string()))
        .insert_header(("X-Type", options.foreground.header()))
        .body(rendered.bytes))
}
