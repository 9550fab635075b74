//! The API's periodic money jobs: settle or close pending orders whose
//! payment window has passed (asking their provider first, so a payment
//! whose notification was lost is granted, and the provider's side is
//! closed before ours), confirm refunds in flight, grant each plan's monthly
//! gift and expire what a plan leaves behind, forget old notification
//! nonces, and delete old uploads nothing refers to
//! (`crate::upload_sweeper`). Every step is idempotent (status-guarded
//! updates, ledger idempotency keys), so any number of API instances may
//! run it.

use std::time::Duration;

use chrono::{DateTime, Utc};
use pixmart_shared::db::store::orders::{self as order_store, OrderRecord, PaymentOutcome, RefundOutcome};
use pixmart_shared::db::store::{membership, orders};
use pixmart_shared::domain::OrderStatus;

use crate::payments::{RefundState, TradeState};
use crate::AppState;

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct TickReport {
    pub orders_closed: u64,
    /// Orders found paid at the provider (their notification was lost).
    pub orders_settled: u64,
    /// Refunds the provider confirmed on asking.
    pub refunds_settled: u64,
    pub gifts: usize,
    pub plans_ended: usize,
    pub expired_lingshi: i64,
    pub uploads_swept: usize,
}

/// Asks the provider whether `order` was paid and, when it was, pays it
/// here (granting once). Returns whether this call granted it.
pub async fn settle_if_paid(state: &AppState, order: &OrderRecord, now: DateTime<Utc>) -> anyhow::Result<Option<bool>> {
    let trade = state.payment_provider.query(order).await?;
    settle(state, order, trade, now).await
}

/// Pays `order` here when the provider's `trade` says it was paid (the
/// amount must match). Returns whether this call granted it; None when the
/// provider says it is not paid.
async fn settle(
    state: &AppState,
    order: &OrderRecord,
    trade: TradeState,
    now: DateTime<Utc>,
) -> anyhow::Result<Option<bool>> {
    match trade {
        TradeState::Paid { trade_no, amount_fen } if amount_fen == order.amount_fen => {
            let outcome = order_store::apply_payment(&state.db, &order.order_no, &trade_no, true, now).await?;
            Ok(Some(matches!(outcome, PaymentOutcome::Granted(_))))
        }
        TradeState::Paid { amount_fen, .. } => {
            anyhow::bail!("order {} paid {amount_fen} fen at the provider, not {}", order.order_no, order.amount_fen)
        }
        TradeState::InProgress | TradeState::Unpaid => Ok(None),
    }
}

/// Closes or settles one expired open order. Returns (settled, closed).
async fn reconcile_one(state: &AppState, order: &OrderRecord, now: DateTime<Utc>) -> anyhow::Result<(bool, bool)> {
    if order.provider != state.payment_provider.name() {
        // Its provider is no longer configured: nothing to ask.
        let closed = order_store::close_open(&state.db, &order.order_no, OrderStatus::ClosedTimeout, now).await?;
        return Ok((false, closed));
    }
    match state.payment_provider.query(order).await? {
        TradeState::InProgress => return Ok((false, false)),
        paid @ TradeState::Paid { .. } => return Ok((settle(state, order, paid, now).await? == Some(true), false)),
        TradeState::Unpaid => {}
    }
    // Close the provider's side first: if the buyer pays in between, the
    // close fails and the next run finds the payment.
    state.payment_provider.close(order).await?;
    let closed = order_store::close_open(&state.db, &order.order_no, OrderStatus::ClosedTimeout, now).await?;
    Ok((false, closed))
}

/// Confirms one refund in flight by asking the provider.
async fn confirm_refund(state: &AppState, order: &OrderRecord, now: DateTime<Utc>) -> anyhow::Result<bool> {
    let Some(refund_no) = order.refund_no.as_deref() else { return Ok(false) };
    if order.provider != state.payment_provider.name() {
        return Ok(false);
    }
    match state.payment_provider.query_refund(order, refund_no).await? {
        RefundState::Succeeded => {
            let outcome = order_store::apply_refund(&state.db, &order.order_no, refund_no, now).await?;
            Ok(matches!(outcome, RefundOutcome::Refunded { .. }))
        }
        RefundState::Processing => Ok(false),
        RefundState::Failed(why) => {
            tracing::warn!(order_no = %order.order_no, refund_no, why = %why, "refund failed at the provider; needs a person");
            Ok(false)
        }
    }
}

/// One run of every job at `now`.
pub async fn tick(state: &AppState, now: DateTime<Utc>) -> anyhow::Result<TickReport> {
    let mut report = TickReport::default();
    let batch = state.settings.payments.reconcile_batch.max(1);
    for order in orders::open_expired(&state.db, now, batch).await? {
        match reconcile_one(state, &order, now).await {
            Ok((settled, closed)) => {
                report.orders_settled += u64::from(settled);
                report.orders_closed += u64::from(closed);
            }
            // Left open: the next run asks again.
            Err(e) => tracing::warn!(order_no = %order.order_no, error = format!("{e:#}"), "cannot reconcile order"),
        }
    }
    for order in orders::refunds_in_flight(&state.db, batch).await? {
        match confirm_refund(state, &order, now).await {
            Ok(done) => report.refunds_settled += u64::from(done),
            Err(e) => tracing::warn!(order_no = %order.order_no, error = format!("{e:#}"), "cannot confirm refund"),
        }
    }
    let m = membership::run_due(&state.db, now).await?;
    let keep = i64::try_from(state.settings.payments.notify_tolerance_secs).unwrap_or(i64::MAX / 2);
    orders::prune_nonces(&state.db, now - chrono::Duration::seconds(keep.saturating_mul(2))).await?;
    report.gifts = m.gifts;
    report.plans_ended = m.ended;
    report.expired_lingshi = m.expired_lingshi;
    report.uploads_swept = crate::upload_sweeper::sweep_uploads(state, now).await?;
    Ok(report)
}

pub fn spawn_scheduler(state: AppState) -> tokio::task::JoinHandle<()> {
    let interval = Duration::from_millis(state.settings.payments.scheduler_interval_ms.max(100));
    tokio::spawn(async move {
        let mut ticker = tokio::time::interval(interval);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticker.tick().await;
            match tick(&state, Utc::now()).await {
                Ok(r) if r != TickReport::default() => tracing::info!(?r, "membership and orders job"),
                Ok(_) => {}
                Err(e) => tracing::warn!(error = format!("{e:#}"), "membership and orders job failed"),
            }
        }
    })
}
