//! Route table. Handlers are thin: parse into domain types, call the store
//! or dispatcher, shape the answer.

mod admin;
mod api_keys;
mod articles;
mod auth;
mod backgrounds;
mod batches;
mod benefits;
mod calendar;
pub(crate) mod capabilities;
mod config;
mod content;
mod dev;
mod downloads;
mod events;
mod feedback;
mod files;
mod health;
mod hotspots;
pub(crate) mod idea_reports;
mod leads;
mod masks;
mod messages;
mod orders;
mod paging;
mod payments;
mod poster_assets;
mod poster_templates;
mod ratings;
mod refine;
mod saved_images;
mod statistics;
pub(crate) mod task_types;
mod tasks;
pub(crate) mod uploads;
mod user;
mod verification;
mod wechatpay;

use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::error::JsonPayloadError;
use actix_web::http::header::{HeaderValue, ALLOW};
use actix_web::{web, HttpRequest, HttpResponse, ResponseError};
use pixmart_shared::ErrorCode;
use utoipa_actix_web::scope::Scope;

use crate::error::ApiError;

/// `development`: the development-only routes (`/api/dev/*`, the local pay
/// page) exist; a production start does not route them at all.
pub fn configure(cfg: &mut web::ServiceConfig, development: bool) {
    if development {
        // The development provider's HMAC-signed notifications.
        cfg.route("/api/payments/notify", web::post().to(payments::notify));
        cfg.service(
            web::scope("/api/dev")
                .route("/outbox", web::get().to(dev::outbox))
                .route("/captcha", web::get().to(dev::captcha)),
        )
        // The development payment provider's pay page (what its QR code opens).
        .service(
            web::scope("/pay/dev")
                .route("/{order_no}", web::get().to(payments::dev_page))
                .route("/{order_no}/pay", web::post().to(payments::dev_pay))
                .route("/{order_no}/fail", web::post().to(payments::dev_fail)),
        );
    }
    cfg.route("/metrics", web::get().to(crate::metrics::metrics));
    // remove.bg's own path, outside `/api` and its envelope (crate::removebg).
    cfg.configure(crate::removebg::configure);
    cfg.service(api_scope());
}

/// Every `/api` route, declared once: actix serves this scope and
/// `crate::openapi::document` describes it, from each handler's
/// `#[utoipa::path]`. Routes are added with `.service(handler)` only (a
/// plain `.route` would be served but not described).
pub fn api_scope() -> Scope<
    impl ServiceFactory<ServiceRequest, Config = (), Response = ServiceResponse, Error = actix_web::Error, InitError = ()>,
> {
    utoipa_actix_web::scope("/api")
        .app_data(json_config())
        .app_data(query_config())
        .service(health::health)
        .service(crate::openapi::serve)
        .service(config::config)
        .service(capabilities::list)
        .service(task_types::list)
        .service(auth::register)
        .service(auth::login)
        .service(auth::logout)
        .service(auth::reset_password)
        .service(verification::image)
        .service(verification::verify)
        .service(verification::sms_code)
        .service(verification::mail_code)
        .service(user::info)
        .service(api_keys::create)
        .service(api_keys::list)
        .service(api_keys::revoke)
        .service(uploads::upload_video)
        .service(uploads::upload)
        .service(backgrounds::list)
        .service(backgrounds::preview)
        .service(poster_templates::list)
        .service(poster_assets::list)
        .service(poster_assets::add)
        .service(poster_assets::get)
        .service(poster_assets::change)
        .service(poster_assets::remove)
        .service(batches::submit)
        .service(batches::get)
        .service(tasks::submit)
        .service(tasks::list)
        .service(tasks::get)
        .service(tasks::stop)
        .service(downloads::request)
        .service(downloads::status)
        .service(downloads::cancel)
        .service(masks::save)
        .service(refine::refine)
        .service(events::events)
        .service(ratings::rate)
        .service(articles::fetch_article)
        .service(calendar::month)
        .service(hotspots::list)
        .service(hotspots::save)
        .service(hotspots::get)
        .service(hotspots::remove)
        .service(hotspots::hot_words)
        .service(idea_reports::defaults)
        .service(idea_reports::create)
        .service(idea_reports::list_reports)
        .service(idea_reports::get_report)
        .service(idea_reports::cancel)
        .service(idea_reports::export_docx)
        .service(content::defaults)
        .service(content::create)
        .service(content::list_batches)
        .service(content::get_batch)
        .service(content::stop_batch)
        .service(content::continue_batch)
        .service(content::stop_item)
        .service(content::regenerate)
        .service(content::save_text)
        .service(content::add_image)
        .service(content::remove_image)
        .service(content::rate)
        .service(statistics::json)
        .service(statistics::csv)
        .configure(admin::configure)
        .service(saved_images::save)
        .service(saved_images::list)
        .service(saved_images::delete)
        .service(files::download)
        .service(messages::list)
        .service(messages::read_all)
        .service(messages::delete_all)
        .service(messages::read)
        .service(feedback::submit)
        .service(feedback::upload)
        .service(leads::submit_lead)
        .service(leads::submit_enquiry)
        .service(benefits::products)
        .service(benefits::ledger_page)
        .service(orders::create)
        .service(orders::list)
        .service(orders::get)
        .service(orders::cancel)
        .service(wechatpay::notify)
        .default_service(web::to(api_not_found))
}

/// Largest JSON body a call takes (a poster template edit, a 6,000-character
/// article and their options fit many times over).
pub const MAX_JSON_BYTES: usize = 64 * 1024;

/// Malformed JSON bodies answer `BAD_REQUEST` in the envelope, not actix's
/// plain-text error; a body over the limit `BODY_TOO_LARGE`, saying the limit.
fn json_config() -> web::JsonConfig {
    web::JsonConfig::default().limit(MAX_JSON_BYTES).error_handler(|err, _req| {
        tracing::debug!(error = %err, "rejected request body");
        match err {
            JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
                ApiError::body_too_large(MAX_JSON_BYTES).into()
            }
            _ => ApiError::new(ErrorCode::BadRequest).into(),
        }
    })
}

/// A query string that does not fit its handler's fields (a number too
/// large for its type, say) answers `BAD_REQUEST` in the envelope too.
fn query_config() -> web::QueryConfig {
    web::QueryConfig::default().error_handler(|err, _req| {
        tracing::debug!(error = %err, "rejected query string");
        ApiError::new(ErrorCode::BadRequest).into()
    })
}

/// No route matched: `METHOD_NOT_ALLOWED` (405, with `Allow`) for a path
/// the API serves with other methods, else `NOT_FOUND`.
async fn api_not_found(req: HttpRequest) -> HttpResponse {
    match crate::openapi::methods_at(req.path()) {
        Some(allowed) => {
            let mut res = ApiError::new(ErrorCode::MethodNotAllowed).error_response();
            if let Ok(value) = HeaderValue::from_str(&allowed) {
                res.headers_mut().insert(ALLOW, value);
            }
            res
        }
        None => ApiError::new(ErrorCode::NotFound).error_response(),
    }
}

#[cfg(test)]
mod tests {
    use actix_web::{test, App};

    /// A production start does not route the development conveniences at
    /// all: codes, captcha answers and the free pay page are unreachable.
    #[actix_web::test]
    async fn development_routes_exist_only_in_development_mode() {
        let prod = test::init_service(App::new().configure(|c| super::configure(c, false))).await;
        for (method, path) in [
            ("GET", "/api/dev/outbox?to=13800138000"),
            ("GET", "/api/dev/captcha?mobileId=13800138000"),
            ("GET", "/pay/dev/PM20261121120000123456"),
            ("POST", "/pay/dev/PM20261121120000123456/pay"),
            ("POST", "/pay/dev/PM20261121120000123456/fail"),
        ] {
            let req = test::TestRequest::default().method(method.parse().unwrap()).uri(path).to_request();
            let resp = test::call_service(&prod, req).await;
            assert_eq!(resp.status(), 404, "{method} {path}");
        }
        // In development mode they are routed (the handlers then need the
        // app's state, absent here, hence not 404 but a server error).
        let dev = test::init_service(App::new().configure(|c| super::configure(c, true))).await;
        let req = test::TestRequest::get().uri("/api/dev/outbox?to=13800138000").to_request();
        assert_ne!(test::call_service(&dev, req).await.status(), 404);
    }
}
