//! `POST /api/payments/wechatpay/notify`: WeChat Pay's notifications
//! (payments and refunds). Checked in this order: the `Wechatpay-*`
//! signature over the raw body with the WeChat Pay public key, the
//! timestamp's age, the nonce (usable once), the AES-256-GCM resource, then
//! its contents against the order: merchant, AppID, the order exists and is
//! a WeChat Pay order, the amount, the state. Effects go through the same
//! status-guarded store functions as every other path, so a duplicate or a
//! notice out of order grants or takes back nothing more.
//!
//! Answers follow WeChat Pay's rules: 204 with no body when handled (also
//! when there was nothing to do), 4xx/5xx with `{"code":"FAIL","message":..}`
//! otherwise, which WeChat Pay retries.

use actix_web::http::StatusCode;
use actix_web::post;
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use pixmart_shared::db::store::orders::{self as order_store, OrderRecord, PaymentOutcome, RefundOutcome};
use pixmart_shared::domain::{OrderNo, OrderStatus};

use crate::payments::wechatpay::messages::{RefundNotice, Transaction};
use crate::payments::wechatpay::notice::{Event, Refusal};
use crate::payments::wechatpay::sign::SignedHeaders;
use crate::payments::wechatpay::{WechatPay, NAME};
use crate::AppState;

/// WeChat Pay's own answer format for a refused notification.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct WechatReply {
    /// Always `FAIL`.
    code: &'static str,
    message: String,
}

/// A refusal WeChat Pay will retry.
struct Fail(StatusCode, String);

impl Fail {
    fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Fail(status, message.into())
    }

    fn response(self) -> HttpResponse {
        HttpResponse::build(self.0).json(WechatReply { code: "FAIL", message: self.1 })
    }
}

impl From<pixmart_shared::db::StoreError> for Fail {
    fn from(e: pixmart_shared::db::StoreError) -> Self {
        tracing::error!(error = %e, "WeChat Pay notification: store error");
        Fail::new(StatusCode::INTERNAL_SERVER_ERROR, "internal error")
    }
}

impl From<order_store::OrderError> for Fail {
    fn from(e: order_store::OrderError) -> Self {
        match e {
            order_store::OrderError::Store(s) => s.into(),
            other => Fail::new(StatusCode::NOT_FOUND, other.to_string()),
        }
    }
}

#[utoipa::path(
    tag = "payments",
    request_body(content = String, content_type = "application/json", description = "WeChat Pay API v3 notification (signed)."),
    responses((status = 200, description = "Accepted (WeChat Pay's own answer format)."), (status = 400, description = "Refused: malformed or foreign notification.", body = WechatReply), (status = 401, description = "Refused: unsigned, badly signed or stale.", body = WechatReply), (status = 404, description = "Not configured, or no such order.", body = WechatReply), (status = 500, description = "Not processed; WeChat Pay retries.", body = WechatReply))
)]
#[post("/payments/wechatpay/notify")]
pub async fn notify(state: web::Data<AppState>, req: HttpRequest, body: web::Bytes) -> HttpResponse {
    match handle(&state, &req, &body).await {
        Ok(()) => HttpResponse::NoContent().finish(),
        Err(fail) => {
            tracing::warn!(status = fail.0.as_u16(), message = %fail.1, "WeChat Pay notification refused");
            fail.response()
        }
    }
}

async fn handle(state: &AppState, req: &HttpRequest, body: &[u8]) -> Result<(), Fail> {
    let Some(wx) = state.wechatpay.as_deref() else {
        return Err(Fail::new(StatusCode::NOT_FOUND, "WeChat Pay is not configured"));
    };
    let headers = SignedHeaders::read(|name| req.headers().get(name).and_then(|v| v.to_str().ok()));
    let now = Utc::now();
    let tolerance = state.settings.payments.notify_tolerance_secs;
    let (headers, event) = wx.read_notice(headers, body, now.timestamp(), tolerance).map_err(|r| {
        let status = match r {
            Refusal::Unsigned | Refusal::BadSignature | Refusal::Stale => StatusCode::UNAUTHORIZED,
            Refusal::Malformed(_) | Refusal::Decrypt(_) => StatusCode::BAD_REQUEST,
        };
        Fail::new(status, r.to_string())
    })?;
    // WeChat Pay's nonces are 32 characters; the store keeps 64.
    if headers.nonce.is_empty() || headers.nonce.len() > 56 {
        return Err(Fail::new(StatusCode::BAD_REQUEST, "bad nonce"));
    }
    if !order_store::use_nonce(&state.db, &format!("wxpay:{}", headers.nonce), now).await? {
        return Err(Fail::new(StatusCode::CONFLICT, "replayed notification"));
    }
    match event {
        Event::Paid(t) => paid(state, wx, t, now).await,
        Event::Refund(r) => refunded(state, wx, r, now).await,
        Event::Other(kind) => {
            tracing::info!(kind = %kind, "WeChat Pay notification of another kind; nothing to do");
            Ok(())
        }
    }
}

/// The WeChat Pay order that `out_trade_no` names.
async fn wechat_order(state: &AppState, out_trade_no: &str) -> Result<OrderRecord, Fail> {
    let not_found = || Fail::new(StatusCode::NOT_FOUND, "no such order");
    let no = OrderNo::parse(out_trade_no).ok_or_else(not_found)?;
    order_store::get_order(&state.db, &no).await?.filter(|o| o.provider == NAME).ok_or_else(not_found)
}

async fn paid(state: &AppState, wx: &WechatPay, t: Transaction, now: DateTime<Utc>) -> Result<(), Fail> {
    if t.mchid != wx.mchid() || t.appid != wx.appid() {
        return Err(Fail::new(StatusCode::BAD_REQUEST, "another merchant's notification"));
    }
    let order = wechat_order(state, &t.out_trade_no).await?;
    if t.trade_state != "SUCCESS" {
        tracing::info!(order_no = %order.order_no, state = %t.trade_state, "WeChat Pay: not a success; nothing to do");
        return Ok(());
    }
    if t.amount.as_ref().map(|a| a.total) != Some(order.amount_fen) {
        return Err(Fail::new(StatusCode::BAD_REQUEST, "the amount does not match the order"));
    }
    let trade_no = t.transaction_id.unwrap_or_default();
    match order_store::apply_payment(&state.db, &order.order_no, &trade_no, true, now).await? {
        PaymentOutcome::Granted(o) => {
            tracing::info!(order_no = %o.order_no, trade_no = %trade_no, "WeChat Pay: paid and granted")
        }
        PaymentOutcome::Unchanged(o) if !matches!(o.status, OrderStatus::Paid | OrderStatus::Refunded) => {
            // Money arrived for a closed order: nothing is granted; it
            // needs a refund (an admin can issue one after reopening it
            // in the merchant platform).
            tracing::warn!(order_no = %o.order_no, status = ?o.status, trade_no = %trade_no,
                "WeChat Pay payment for an order that is not open; needs a refund");
        }
        PaymentOutcome::Unchanged(_) | PaymentOutcome::Failed(_) => {}
    }
    Ok(())
}

async fn refunded(state: &AppState, wx: &WechatPay, r: RefundNotice, now: DateTime<Utc>) -> Result<(), Fail> {
    if r.mchid != wx.mchid() {
        return Err(Fail::new(StatusCode::BAD_REQUEST, "another merchant's notification"));
    }
    let order = wechat_order(state, &r.out_trade_no).await?;
    if r.refund_status != "SUCCESS" {
        tracing::warn!(order_no = %order.order_no, refund_no = %r.out_refund_no, status = %r.refund_status,
            "WeChat Pay refund did not succeed; needs a person in the merchant platform");
        return Ok(());
    }
    if order.refund_no.as_deref() != Some(r.out_refund_no.as_str()) || r.amount.refund != order.amount_fen {
        // Not a refund we asked for (or not in full): record nothing.
        tracing::warn!(order_no = %order.order_no, refund_no = %r.out_refund_no, status = ?order.status,
            "WeChat Pay refund notice that matches no refund in flight; ignored");
        return Ok(());
    }
    if r.amount.total != order.amount_fen {
        return Err(Fail::new(StatusCode::BAD_REQUEST, "the amount does not match the order"));
    }
    if let RefundOutcome::Refunded { order, taken, shortfall } =
        order_store::apply_refund(&state.db, &order.order_no, &r.out_refund_no, now).await?
    {
        tracing::info!(order_no = %order.order_no, taken, shortfall, "WeChat Pay: refunded; lingshi taken back");
    }
    Ok(())
}
