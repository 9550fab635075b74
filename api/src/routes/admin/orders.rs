//! `POST /api/admin/orders/{orderNo}/refund`: refunds a paid order in full
//! through its provider. The order gets its refund number once (a retry
//! reuses it, so the provider refunds at most once); when the provider
//! confirms (at once, by notification, or when the scheduler asks) the
//! order becomes refunded (6) and what it granted is taken back, once.

use actix_web::post;
use actix_web::{web, HttpResponse};
use chrono::Utc;
use pixmart_shared::db::store::orders::{self as order_store, OrderError, RefundOutcome};
use pixmart_shared::domain::OrderNo;
use pixmart_shared::ErrorCode;

use super::AdminUser;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::payments::RefundState;
use crate::AppState;

/// Our refund number for an order: one full refund per order.
fn refund_number(order_no: &OrderNo) -> String {
    format!("RF{}", order_no.as_str().trim_start_matches("PM"))
}

#[utoipa::path(
    tag = "admin",
    params(("order_no" = String, Path, description = "The order number.")),
    responses((status = 200, description = "The refunded order.", body = Envelope<RefundDto>)),
    security(("bearer" = []))
)]
#[post("/admin/orders/{order_no}/refund")]
pub async fn refund(state: web::Data<AppState>, admin: AdminUser, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let no = OrderNo::parse(&path).ok_or(ApiError::new(ErrorCode::OrderNotFound))?;
    let now = Utc::now();
    let found = order_store::get_order(&state.db, &no).await?.ok_or(ApiError::new(ErrorCode::OrderNotFound))?;
    if found.provider != state.payment_provider.name() {
        // Paid through a provider no longer configured: refund it there.
        return Err(ApiError::new(ErrorCode::PaymentUnavailable));
    }
    let order = order_store::begin_refund(&state.db, &no, &refund_number(&no), now).await.map_err(|e| match e {
        OrderError::Store(s) => s.into(),
        OrderError::NotRefundable(_) => ApiError::new(ErrorCode::OrderNotRefundable),
        _ => ApiError::new(ErrorCode::OrderNotFound),
    })?;
    let refund_no = order.refund_no.clone().unwrap_or_else(|| refund_number(&no));
    tracing::info!(order_no = %no, refund_no = %refund_no, admin = admin.0.id.0, "refund asked");
    let answer = state.payment_provider.refund(&order, &refund_no).await.map_err(|e| {
        tracing::warn!(order_no = %no, error = %e, "the payment provider did not take the refund");
        ApiError::new(ErrorCode::PaymentUnavailable)
    })?;
    let (provider_state, taken, shortfall) = match &answer {
        RefundState::Succeeded => match order_store::apply_refund(&state.db, &no, &refund_no, now).await {
            Ok(RefundOutcome::Refunded { taken, shortfall, .. }) => ("succeeded", taken, shortfall),
            Ok(RefundOutcome::Unchanged(_)) => ("succeeded", 0, 0),
            Err(OrderError::Store(s)) => return Err(s.into()),
            Err(_) => return Err(ApiError::new(ErrorCode::OrderNotFound)),
        },
        RefundState::Processing => ("processing", 0, 0),
        RefundState::Failed(why) => {
            tracing::warn!(order_no = %no, refund_no = %refund_no, why = %why, "refund failed at the provider");
            ("failed", 0, 0)
        }
    };
    let current = order_store::get_order(&state.db, &no).await?.ok_or(ApiError::new(ErrorCode::OrderNotFound))?;
    Ok(envelope::ok(RefundDto {
        order_no: current.order_no.as_str().to_owned(),
        status: current.status.code(),
        refund_no,
        refund: provider_state,
        taken,
        shortfall: current.refund_shortfall.unwrap_or(shortfall),
    }))
}

/// A refund's outcome: `refund` is `succeeded`, `processing` or `failed`;
/// `taken` the lingshi taken back, `shortfall` what had already been spent.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundDto {
    order_no: String,
    /// The order's status code (6 once refunded).
    status: i16,
    refund_no: String,
    refund: &'static str,
    taken: i64,
    shortfall: i64,
}
