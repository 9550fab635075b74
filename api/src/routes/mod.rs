//! Route table. Handlers are thin: parse into domain types, call the store
//! or dispatcher, shape the answer.

mod admin;
mod auth;
mod backgrounds;
mod batches;
mod benefits;
pub(crate) mod capabilities;
mod config;
mod dev;
mod downloads;
mod events;
mod feedback;
mod files;
mod health;
mod leads;
mod masks;
mod messages;
mod orders;
mod paging;
mod payments;
mod refine;
mod saved_images;
pub(crate) mod task_types;
mod tasks;
mod uploads;
mod user;
mod verification;
mod wechatpay;

use actix_web::{web, HttpResponse};
use pixmart_shared::ErrorCode;

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
    cfg.app_data(json_config()).app_data(query_config()).service(
        web::scope("/api")
            .route("/health", web::get().to(health::health))
            .route("/config", web::get().to(config::config))
            .route("/capabilities", web::get().to(capabilities::list))
            .route("/task-types", web::get().to(task_types::list))
            .route("/auth/register", web::post().to(auth::register))
            .route("/auth/login", web::post().to(auth::login))
            .route("/auth/logout", web::post().to(auth::logout))
            .route("/auth/reset-password", web::post().to(auth::reset_password))
            .route("/auth/captcha", web::get().to(verification::image))
            .route("/auth/captcha/verify", web::post().to(verification::verify))
            .route("/auth/sms-code", web::post().to(verification::sms_code))
            .route("/auth/mail-code", web::post().to(verification::mail_code))
            .route("/user/info", web::get().to(user::info))
            .route("/uploads", web::post().to(uploads::upload))
            .route("/backgrounds", web::get().to(backgrounds::list))
            .route("/backgrounds/{id}/preview", web::get().to(backgrounds::preview))
            .route("/batches", web::post().to(batches::submit))
            .route("/batches/{batch_id}", web::get().to(batches::get))
            .route("/tasks", web::post().to(tasks::submit))
            .route("/tasks", web::get().to(tasks::list))
            .route("/tasks/{task_id}", web::get().to(tasks::get))
            .route("/tasks/{task_id}/stop", web::post().to(tasks::stop))
            .route("/tasks/{task_id}/downloads", web::post().to(downloads::request))
            .route("/tasks/{task_id}/downloads", web::get().to(downloads::status))
            .route("/tasks/{task_id}/downloads", web::delete().to(downloads::cancel))
            .route("/tasks/{task_id}/mask", web::put().to(masks::save))
            .route("/tasks/{task_id}/refine", web::post().to(refine::refine))
            .route("/tasks/{task_id}/events", web::get().to(events::events))
            .configure(admin::configure)
            .route("/saved-images", web::post().to(saved_images::save))
            .route("/saved-images", web::get().to(saved_images::list))
            .route("/saved-images/{id}", web::delete().to(saved_images::delete))
            .route("/files/{key:.+}", web::get().to(files::download))
            .route("/messages", web::get().to(messages::list))
            .route("/messages/read-all", web::post().to(messages::read_all))
            .route("/messages/delete-all", web::post().to(messages::delete_all))
            .route("/messages/{msg_id}/read", web::post().to(messages::read))
            .route("/feedback", web::post().to(feedback::submit))
            .route("/feedback/uploads", web::post().to(feedback::upload))
            .route("/leads", web::post().to(leads::submit_lead))
            .route("/enquiries", web::post().to(leads::submit_enquiry))
            .route("/benefits/products", web::get().to(benefits::products))
            .route("/ledger", web::get().to(benefits::ledger_page))
            .route("/orders", web::post().to(orders::create))
            .route("/orders", web::get().to(orders::list))
            .route("/orders/{order_no}", web::get().to(orders::get))
            .route("/orders/{order_no}/cancel", web::post().to(orders::cancel))
            .route("/payments/wechatpay/notify", web::post().to(wechatpay::notify))
            .default_service(web::to(api_not_found)),
    );
}

/// Malformed JSON bodies answer `BAD_REQUEST` in the envelope, not actix's
/// plain-text error.
fn json_config() -> web::JsonConfig {
    web::JsonConfig::default().limit(64 * 1024).error_handler(|err, _req| {
        tracing::debug!(error = %err, "rejected request body");
        ApiError::new(ErrorCode::BadRequest).into()
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

async fn api_not_found() -> Result<HttpResponse, ApiError> {
    Err(ApiError::new(ErrorCode::NotFound))
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
