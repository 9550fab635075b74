//! The payment provider's side: the signed notification endpoint, and the
//! development provider's local pay page.

use actix_web::http::header::ContentType;
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::Utc;
use pixmart_shared::db::store::orders::{self as order_store, OrderRecord, PaymentOutcome};
use pixmart_shared::domain::{OrderNo, OrderStatus};
use pixmart_shared::ErrorCode;
use serde_json::json;

use crate::envelope;
use crate::error::{ApiError, ApiResult};
use crate::payments::{dev, Notification, NotifyStatus};
use crate::AppState;

/// `POST /api/payments/notify`: a provider reports a payment. Checked in
/// this order: the signature (`PAYMENT_BAD_SIGNATURE`), the timestamp's
/// age (`PAYMENT_STALE`), the order and amount, then the nonce, which is
/// usable once (`PAYMENT_REPLAYED`). A success pays the order and grants
/// what it bought in one transaction; a second notification for a paid
/// order (a provider's retry with a fresh nonce) answers success and
/// grants nothing.
pub async fn notify(state: web::Data<AppState>, body: web::Json<Notification>) -> ApiResult<HttpResponse> {
    let n = body.into_inner();
    let settings = &state.settings.payments;
    if !n.nonce_is_valid() || !n.verify(&settings.notify_secret) {
        return Err(ApiError::new(ErrorCode::PaymentBadSignature));
    }
    let now = Utc::now();
    if !n.is_fresh(now.timestamp(), settings.notify_tolerance_secs) {
        return Err(ApiError::new(ErrorCode::PaymentStale));
    }
    let no = OrderNo::parse(&n.order_no).ok_or(ApiError::new(ErrorCode::OrderNotFound))?;
    // Only the development provider's orders: this HMAC endpoint must not
    // pay an order a real provider was asked to collect.
    let order = order_store::get_order(&state.db, &no)
        .await?
        .filter(|o| o.provider == dev::NAME)
        .ok_or(ApiError::new(ErrorCode::OrderNotFound))?;
    if order.amount_fen != n.amount_fen {
        return Err(ApiError::new(ErrorCode::PaymentAmountMismatch));
    }
    if !order_store::use_nonce(&state.db, &n.nonce, now).await? {
        return Err(ApiError::new(ErrorCode::PaymentReplayed));
    }
    let paid = n.status == NotifyStatus::Success;
    let outcome = order_store::apply_payment(&state.db, &no, &n.trade_no, paid, now).await.map_err(|e| match e {
        order_store::OrderError::Store(s) => ApiError::from(s),
        _ => ApiError::new(ErrorCode::OrderNotFound),
    })?;
    let (order, granted) = match outcome {
        PaymentOutcome::Granted(o) => (o, true),
        PaymentOutcome::Failed(o) => (o, false),
        PaymentOutcome::Unchanged(o) => {
            if paid && o.status != OrderStatus::Paid {
                // Money arrived for a closed order: nothing is granted (a
                // closed order stays closed); the provider must refund it.
                tracing::warn!(order_no = %o.order_no, status = ?o.status, trade_no = %n.trade_no,
                    "payment for an order that is not open; needs a refund");
            }
            (o, false)
        }
    };
    Ok(envelope::ok(json!({ "orderNo": order.order_no.as_str(), "status": order.status, "granted": granted })))
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn page(title: &str, body: &str) -> HttpResponse {
    HttpResponse::Ok().insert_header(ContentType::html()).body(format!(
        "<!doctype html><html lang=\"zh\"><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>{title}</title>\
<style>body{{font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#222}}\
button{{background:#2352d8;color:#fff;border:0;border-radius:6px;padding:12px 28px;font-size:16px;cursor:pointer}}\
button.secondary{{background:#888}}.amount{{font-size:28px;font-weight:600}}</style></head>\
<body><p><small>pixmart 开发环境支付 / development payment provider</small></p>{body}</body></html>"
    ))
}

fn not_found_page() -> HttpResponse {
    let mut r = page("订单不存在", "<h1>订单不存在 / Order not found</h1>");
    *r.status_mut() = actix_web::http::StatusCode::NOT_FOUND;
    r
}

async fn find(state: &AppState, raw: &str) -> ApiResult<Option<OrderRecord>> {
    let Some(no) = OrderNo::parse(raw) else { return Ok(None) };
    Ok(order_store::get_order(&state.db, &no).await?.filter(|o| o.provider == dev::NAME))
}

/// `GET /pay/dev/{orderNo}`: what the QR code opens. Opening it marks the
/// order paying (3); the Pay button confirms.
pub async fn dev_page(state: web::Data<AppState>, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let Some(order) = find(&state, &path).await? else { return Ok(not_found_page()) };
    if order.status == OrderStatus::Pending {
        order_store::mark_paying(&state.db, &order.order_no, Utc::now()).await?;
    }
    let no = escape(order.order_no.as_str());
    let head = format!(
        "<h1>{}</h1><p>订单号 Order: <code>{no}</code></p><p class=\"amount\">¥{}.{:02}</p>",
        escape(&order.name),
        order.amount_fen / 100,
        order.amount_fen % 100
    );
    let body = if order.status.is_open() {
        format!(
            "{head}<form method=\"post\" action=\"/pay/dev/{no}/pay\"><button type=\"submit\">确认支付 Pay</button></form>\
<form method=\"post\" action=\"/pay/dev/{no}/fail\" style=\"margin-top:12px\">\
<button class=\"secondary\" type=\"submit\">模拟支付失败 Fail</button></form>"
        )
    } else {
        format!("{head}<p id=\"status\">订单状态 Status: {}</p>", order.status.code())
    };
    Ok(page("支付 Pay", &body))
}

/// The provider's own address for notifications: the configured URL, or
/// this API on the address it listens on.
fn notify_url(state: &AppState, req: &HttpRequest) -> String {
    state
        .settings
        .payments
        .notify_url
        .clone()
        .unwrap_or_else(|| format!("http://{}/api/payments/notify", req.app_config().local_addr()))
}

async fn dev_confirm(state: &AppState, req: &HttpRequest, raw: &str, status: NotifyStatus) -> ApiResult<HttpResponse> {
    let Some(order) = find(state, raw).await? else { return Ok(not_found_page()) };
    let n = dev::notification(&order, status, &state.settings.payments.notify_secret);
    let answer = dev::send(&notify_url(state, req), &n).await.map_err(|e| {
        tracing::warn!(error = %e, "development provider could not notify");
        ApiError::new(ErrorCode::PaymentUnavailable)
    })?;
    let ok = answer["code"] == 0;
    let text = match (ok, status, answer["data"]["status"].as_i64()) {
        (true, NotifyStatus::Success, Some(1)) => "支付成功 / Paid".to_owned(),
        (true, NotifyStatus::Failed, _) => "支付失败 / Payment failed".to_owned(),
        _ => format!("未完成 / Not completed: {}", escape(answer["msg"].as_str().unwrap_or_default())),
    };
    Ok(page("支付 Pay", &format!("<h1 id=\"result\">{text}</h1><p>请返回应用 / Return to the app.</p>")))
}

/// `POST /pay/dev/{orderNo}/pay`: the buyer paid.
pub async fn dev_pay(state: web::Data<AppState>, req: HttpRequest, path: web::Path<String>) -> ApiResult<HttpResponse> {
    dev_confirm(&state, &req, &path, NotifyStatus::Success).await
}

/// `POST /pay/dev/{orderNo}/fail`: the payment failed.
pub async fn dev_fail(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<String>,
) -> ApiResult<HttpResponse> {
    dev_confirm(&state, &req, &path, NotifyStatus::Failed).await
}
