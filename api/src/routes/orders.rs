//! Payment orders: create one for a plan or a top-up pack (with its QR
//! checkout), list mine, get one (the client polls it while the QR is
//! shown), cancel one.

use actix_web::{get, post};
use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use pixmart_shared::db::store::membership;
use pixmart_shared::db::store::orders::{self as order_store, NewOrder, OrderError, OrderRecord};
use pixmart_shared::domain::{OrderNo, OrderStatus, ProductKind, Tier};
use pixmart_shared::ErrorCode;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::benefits::PageQuery;
use crate::auth::AuthUser;
use crate::dto::PageDto;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::payments::Checkout;
use crate::{lang, AppState};

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentDto {
    pub pay_url: String,
    /// `data:image/png;base64,...`
    pub qr_code: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderDto {
    pub order_no: String,
    pub product_id: String,
    pub kind: ProductKind,
    pub product_type: Option<&'static str>,
    pub name: String,
    pub amount_fen: i64,
    pub lingshi: i64,
    pub months: u32,
    /// The original app's codes: 0 pending, 1 paid, 2 failed, 3 paying, 4 closed
    /// (timed out), 5 closed (cancelled), 6 refunded.
    pub status: OrderStatus,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
    pub closed_at: Option<DateTime<Utc>>,
    /// How to pay, while the order is open.
    pub payment: Option<PaymentDto>,
}

impl OrderDto {
    fn new(o: &OrderRecord, payment: Option<PaymentDto>) -> Self {
        OrderDto {
            order_no: o.order_no.to_string(),
            product_id: o.product_id.clone(),
            kind: o.kind,
            product_type: o.tier.map(Tier::as_str),
            name: o.name.clone(),
            amount_fen: o.amount_fen,
            lingshi: o.lingshi,
            months: o.months,
            status: o.status,
            created_at: o.created_at,
            expires_at: o.expires_at,
            paid_at: o.paid_at,
            closed_at: o.closed_at,
            payment,
        }
    }
}

/// How to pay an open order: the provider's address (asked once, then
/// kept on the order) drawn as a QR code. The address never comes from the
/// request (no Host header): the provider builds it from configuration.
async fn payment_of(state: &AppState, o: &OrderRecord) -> ApiResult<Option<PaymentDto>> {
    if !o.status.is_open() {
        return Ok(None);
    }
    let pay_url = match &o.pay_url {
        Some(url) => url.clone(),
        None if o.provider == state.payment_provider.name() => {
            let url = state.payment_provider.checkout(o).await.map_err(|e| {
                tracing::warn!(order_no = %o.order_no, error = %e, "the payment provider made no checkout");
                ApiError::new(ErrorCode::PaymentUnavailable)
            })?;
            order_store::set_pay_url(&state.db, &o.order_no, &url, Utc::now()).await?;
            url
        }
        // An order of a provider no longer configured cannot be paid here.
        None => return Ok(None),
    };
    let c = Checkout::for_url(pay_url).map_err(ApiError::internal)?;
    Ok(Some(PaymentDto { pay_url: c.pay_url, qr_code: c.qr_code }))
}

/// The order with its checkout when it can still be paid.
async fn with_checkout(state: &AppState, o: &OrderRecord) -> ApiResult<OrderDto> {
    Ok(OrderDto::new(o, payment_of(state, o).await?))
}

fn order_error(e: OrderError) -> ApiError {
    match e {
        OrderError::Store(s) => s.into(),
        OrderError::NotFound => ApiError::new(ErrorCode::OrderNotFound),
        OrderError::NotOpen(_) => ApiError::new(ErrorCode::OrderNotCancellable),
        OrderError::PendingPlanOrder(_) => ApiError::new(ErrorCode::OrderPendingExists),
        OrderError::NotRefundable(_) => ApiError::new(ErrorCode::OrderNotRefundable),
    }
}

fn parse_order_no(raw: &str) -> ApiResult<OrderNo> {
    OrderNo::parse(raw).ok_or(ApiError::new(ErrorCode::OrderNotFound))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateBody {
    product_id: String,
}

/// `POST /api/orders {productId}`. A plan ordered while another plan
/// order is unpaid answers `ORDER_PENDING_EXISTS` with `data.orderNo`, so
/// the client can offer to pay that order or cancel it and order anew.
/// Enterprise members buy through customer service.
#[utoipa::path(
    tag = "orders",
    request_body(content = CreateBody),
    responses((status = 200, description = "The order with its checkout (QR code or pay page).", body = Envelope<OrderDto>)),
    security(("bearer" = []))
)]
#[post("/orders")]
pub async fn create(state: web::Data<AppState>, me: AuthUser, body: web::Json<CreateBody>) -> ApiResult<HttpResponse> {
    let product = state.catalogue.get(body.product_id.trim()).ok_or(ApiError::new(ErrorCode::ProductNotFound))?;
    if membership::current_tier(&state.db, me.id).await? == Tier::Enterprise {
        return Err(ApiError::new(ErrorCode::EnterpriseContactService));
    }
    let now = Utc::now();
    let timeout = i64::try_from(state.settings.payments.order_timeout_secs).unwrap_or(i64::MAX / 2);
    let new = NewOrder {
        user: me.id,
        product_id: product.id.clone(),
        kind: product.kind,
        name: product.name(lang::current()).to_owned(),
        amount_fen: product.price_fen,
        lingshi: product.lingshi,
        tier: product.tier,
        months: product.months,
        provider: state.payment_provider.name().to_owned(),
        expires_at: now + chrono::Duration::seconds(timeout),
    };
    match order_store::create_order(&state.db, new, now).await {
        Ok(order) => match with_checkout(&state, &order).await {
            Ok(dto) => Ok(envelope::ok(dto)),
            Err(e) => {
                // No way to pay it: close it at once so a plan order does
                // not hold the user's pending-order slot until it expires.
                order_store::close_open(&state.db, &order.order_no, OrderStatus::ClosedCancelled, Utc::now()).await?;
                Err(e)
            }
        },
        Err(OrderError::PendingPlanOrder(no)) => Ok(pending_exists(&no)),
        Err(e) => Err(order_error(e)),
    }
}

/// The `ORDER_PENDING_EXISTS` error carrying the open order's number.
fn pending_exists(no: &OrderNo) -> HttpResponse {
    let code = ErrorCode::OrderPendingExists;
    envelope::failure(code, code.message(lang::current()).to_owned(), json!({ "orderNo": no.as_str() }))
}

/// `GET /api/orders?pageNum&pageSize`: my orders, newest first.
#[utoipa::path(
    tag = "orders",
    params(PageQuery),
    responses((status = 200, description = "A page of the caller's orders.", body = Envelope<PageDto<OrderDto>>)),
    security(("bearer" = []))
)]
#[get("/orders")]
pub async fn list(state: web::Data<AppState>, me: AuthUser, q: web::Query<PageQuery>) -> ApiResult<HttpResponse> {
    let (page, size) = q.parse()?;
    let (rows, total) = order_store::list_orders(&state.db, me.id, page, size).await?;
    let entries = rows.iter().map(|o| OrderDto::new(o, None)).collect();
    Ok(envelope::ok(PageDto { list: entries, total }))
}

async fn my_order(state: &AppState, me: AuthUser, raw: &str) -> ApiResult<OrderRecord> {
    let no = parse_order_no(raw)?;
    order_store::get_order(&state.db, &no)
        .await?
        .filter(|o| o.user == me.id)
        .ok_or(ApiError::new(ErrorCode::OrderNotFound))
}

/// `GET /api/orders/{orderNo}`: the order (status polling), with its
/// checkout while it is open.
#[utoipa::path(
    tag = "orders",
    params(("order_no" = String, Path, description = "The order number.")),
    responses((status = 200, description = "The order.", body = Envelope<OrderDto>)),
    security(("bearer" = []))
)]
#[get("/orders/{order_no}")]
pub async fn get(state: web::Data<AppState>, me: AuthUser, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let order = my_order(&state, me, &path).await?;
    Ok(envelope::ok(with_checkout(&state, &order).await?))
}

/// `POST /api/orders/{orderNo}/cancel`: status 5; it cannot be reopened.
/// The provider closes its side first, so the QR code stops working; when it
/// cannot (unreachable, or the buyer paid a moment ago) the order is
/// cancelled here anyway, and a payment that still arrives is not granted
/// (it is logged for a refund).
#[utoipa::path(
    tag = "orders",
    params(("order_no" = String, Path, description = "The order number.")),
    responses((status = 200, description = "The cancelled order.", body = Envelope<OrderDto>)),
    security(("bearer" = []))
)]
#[post("/orders/{order_no}/cancel")]
pub async fn cancel(state: web::Data<AppState>, me: AuthUser, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let order = my_order(&state, me, &path).await?;
    if order.status.is_open() && order.provider == state.payment_provider.name() {
        if let Err(e) = state.payment_provider.close(&order).await {
            tracing::warn!(order_no = %order.order_no, error = %e, "the payment provider did not close the order");
            // Perhaps because it was just paid: then pay it here instead.
            match crate::scheduler::settle_if_paid(&state, &order, Utc::now()).await {
                Ok(Some(_)) => return Err(ApiError::new(ErrorCode::OrderNotCancellable)),
                Ok(None) => {}
                Err(e) => {
                    tracing::warn!(order_no = %order.order_no, error = format!("{e:#}"), "cannot ask the provider")
                }
            }
        }
    }
    let cancelled =
        order_store::cancel_order(&state.db, me.id, &order.order_no, Utc::now()).await.map_err(order_error)?;
    Ok(envelope::ok(OrderDto::new(&cancelled, None)))
}
