//! Payment orders and the effect of a payment. An order moves out of
//! pending/paying exactly once (every transition is guarded by the current
//! status), and a paid order's grant (a plan or a top-up pack) happens in
//! the same transaction as its status change, with ledger keys per order,
//! so a duplicated notification can never grant twice.

use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, SqlErr, TransactionTrait, TryInsertResult,
};

use crate::db::entities::{orders, payment_nonces};
use crate::db::store::{ledger, membership};
use crate::db::StoreError;
use crate::domain::{Bucket, Lingshi, OrderNo, OrderStatus, ProductKind, Tier, UserId};

#[derive(Debug, thiserror::Error)]
pub enum OrderError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("an unpaid plan order {0} exists")]
    PendingPlanOrder(OrderNo),
    #[error("no such order")]
    NotFound,
    #[error("the order is not open any more")]
    NotOpen(OrderStatus),
    #[error("only a paid order can be refunded")]
    NotRefundable(OrderStatus),
}

impl From<sea_orm::DbErr> for OrderError {
    fn from(e: sea_orm::DbErr) -> Self {
        OrderError::Store(e.into())
    }
}

/// What the buyer orders; the API fills it from its product catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewOrder {
    pub user: UserId,
    pub product_id: String,
    pub kind: ProductKind,
    pub name: String,
    pub amount_fen: i64,
    /// A pack's lingshi (a plan's gifts come from its tier).
    pub lingshi: Lingshi,
    /// A plan's tier and length.
    pub tier: Option<Tier>,
    pub months: u32,
    pub provider: String,
    pub expires_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderRecord {
    pub order_no: OrderNo,
    pub user: UserId,
    pub product_id: String,
    pub kind: ProductKind,
    pub name: String,
    pub amount_fen: i64,
    pub lingshi: i64,
    pub tier: Option<Tier>,
    pub months: u32,
    pub status: OrderStatus,
    pub provider: String,
    pub expires_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
    pub closed_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    /// The provider's checkout address, once it made one.
    pub pay_url: Option<String>,
    /// Our refund number, once a refund was asked for.
    pub refund_no: Option<String>,
    pub refunded_at: Option<DateTime<Utc>>,
    /// Lingshi already spent when the refund took back the rest.
    pub refund_shortfall: Option<i64>,
}

fn from_row(m: orders::Model) -> Result<OrderRecord, StoreError> {
    let bad = |what: &str| StoreError::corrupt("orders", format!("{}: {what}", m.order_no));
    Ok(OrderRecord {
        order_no: OrderNo::parse(&m.order_no).ok_or_else(|| bad("order_no"))?,
        user: UserId(m.user_id),
        kind: ProductKind::parse(&m.product_kind).ok_or_else(|| bad("product_kind"))?,
        tier: match &m.tier {
            Some(t) => Some(Tier::parse(t).ok_or_else(|| bad("tier"))?),
            None => None,
        },
        months: u32::try_from(m.months).map_err(|_| bad("months"))?,
        status: OrderStatus::from_code(m.status).ok_or_else(|| bad("status"))?,
        product_id: m.product_id,
        name: m.name,
        amount_fen: m.amount_fen,
        lingshi: m.lingshi,
        provider: m.provider,
        expires_at: m.expires_at,
        paid_at: m.paid_at,
        closed_at: m.closed_at,
        created_at: m.created_at,
        pay_url: m.pay_url,
        refund_no: m.refund_no,
        refunded_at: m.refunded_at,
        refund_shortfall: m.refund_shortfall,
    })
}

async fn find(db: &impl ConnectionTrait, order_no: &OrderNo) -> Result<Option<orders::Model>, StoreError> {
    Ok(orders::Entity::find().filter(orders::Column::OrderNo.eq(order_no.as_str())).one(db).await?)
}

pub async fn get_order(db: &impl ConnectionTrait, order_no: &OrderNo) -> Result<Option<OrderRecord>, StoreError> {
    find(db, order_no).await?.map(from_row).transpose()
}

/// The user's open plan order, if any (the pending-order rule).
pub async fn open_plan_order(db: &impl ConnectionTrait, user: UserId) -> Result<Option<OrderRecord>, StoreError> {
    orders::Entity::find().filter(orders::Column::PendingPlanUser.eq(user.0)).one(db).await?.map(from_row).transpose()
}

/// Creates a pending order. A plan order while another plan order of the
/// user is still open is refused with that order's number (the client
/// offers to pay it or cancel it and order anew).
pub async fn create_order(
    db: &DatabaseConnection,
    new: NewOrder,
    now: DateTime<Utc>,
) -> Result<OrderRecord, OrderError> {
    if new.kind == ProductKind::Plan {
        if let Some(open) = open_plan_order(db, new.user).await? {
            return Err(OrderError::PendingPlanOrder(open.order_no));
        }
    }
    for _ in 0..3 {
        let order_no = OrderNo::generate(now);
        let row = orders::ActiveModel {
            order_no: Set(order_no.as_str().to_owned()),
            user_id: Set(new.user.0),
            product_id: Set(new.product_id.clone()),
            product_kind: Set(new.kind.as_str().to_owned()),
            name: Set(new.name.clone()),
            amount_fen: Set(new.amount_fen),
            lingshi: Set(new.lingshi.as_i64()),
            tier: Set(new.tier.map(|t| t.as_str().to_owned())),
            months: Set(i32::try_from(new.months).unwrap_or(i32::MAX)),
            status: Set(OrderStatus::Pending.code()),
            pending_plan_user: Set((new.kind == ProductKind::Plan).then_some(new.user.0)),
            provider: Set(new.provider.clone()),
            provider_trade_no: Set(None),
            expires_at: Set(new.expires_at),
            paid_at: Set(None),
            closed_at: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        };
        match row.insert(db).await {
            Ok(m) => return Ok(from_row(m)?),
            Err(e) if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
                // Either a concurrent plan order won the per-user slot, or
                // (rarely) the order number collided: look, then retry.
                if new.kind == ProductKind::Plan {
                    if let Some(open) = open_plan_order(db, new.user).await? {
                        return Err(OrderError::PendingPlanOrder(open.order_no));
                    }
                }
            }
            Err(e) => return Err(e.into()),
        }
    }
    Err(OrderError::Store(StoreError::corrupt("orders", "could not allocate an order number")))
}

/// A user's orders, newest first, and their count.
pub async fn list_orders(
    db: &impl ConnectionTrait,
    user: UserId,
    page: u64,
    page_size: u64,
) -> Result<(Vec<OrderRecord>, u64), StoreError> {
    let paginator = orders::Entity::find()
        .filter(orders::Column::UserId.eq(user.0))
        .order_by_desc(orders::Column::Id)
        .paginate(db, Ord::max(page_size, 1));
    let total = paginator.num_items().await?;
    let rows = paginator.fetch_page(page.saturating_sub(1)).await?;
    Ok((rows.into_iter().map(from_row).collect::<Result<_, _>>()?, total))
}

/// Moves an open order to `to` (a terminal status), guarded by its status
/// being open. Returns whether this call moved it.
pub async fn close_open(
    db: &impl ConnectionTrait,
    order_no: &OrderNo,
    to: OrderStatus,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let res = orders::Entity::update_many()
        .col_expr(orders::Column::Status, Expr::value(to.code()))
        .col_expr(orders::Column::PendingPlanUser, Expr::value(Option::<i64>::None))
        .col_expr(orders::Column::ClosedAt, Expr::value(now))
        .col_expr(orders::Column::UpdatedAt, Expr::value(now))
        .filter(orders::Column::OrderNo.eq(order_no.as_str()))
        .filter(orders::Column::Status.is_in(OrderStatus::OPEN_CODES))
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}

/// The owner cancels an open order (status 5; it cannot be reopened).
pub async fn cancel_order(
    db: &DatabaseConnection,
    user: UserId,
    order_no: &OrderNo,
    now: DateTime<Utc>,
) -> Result<OrderRecord, OrderError> {
    let order = get_order(db, order_no).await?.filter(|o| o.user == user).ok_or(OrderError::NotFound)?;
    if !close_open(db, order_no, OrderStatus::ClosedCancelled, now).await? {
        let current = get_order(db, order_no).await?.ok_or(OrderError::NotFound)?;
        return Err(OrderError::NotOpen(current.status));
    }
    Ok(get_order(db, order_no).await?.unwrap_or(order))
}

/// The buyer opened the payment page: pending becomes paying (3).
pub async fn mark_paying(
    db: &impl ConnectionTrait,
    order_no: &OrderNo,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let res = orders::Entity::update_many()
        .col_expr(orders::Column::Status, Expr::value(OrderStatus::Paying.code()))
        .col_expr(orders::Column::UpdatedAt, Expr::value(now))
        .filter(orders::Column::OrderNo.eq(order_no.as_str()))
        .filter(orders::Column::Status.eq(OrderStatus::Pending.code()))
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}

/// Remembers the provider's checkout address for an open order.
pub async fn set_pay_url(
    db: &impl ConnectionTrait,
    order_no: &OrderNo,
    pay_url: &str,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    orders::Entity::update_many()
        .col_expr(orders::Column::PayUrl, Expr::value(pay_url))
        .col_expr(orders::Column::UpdatedAt, Expr::value(now))
        .filter(orders::Column::OrderNo.eq(order_no.as_str()))
        .exec(db)
        .await?;
    Ok(())
}

/// Open orders whose payment window has passed, oldest first (the
/// scheduler asks their provider before closing each).
pub async fn open_expired(
    db: &impl ConnectionTrait,
    now: DateTime<Utc>,
    limit: u64,
) -> Result<Vec<OrderRecord>, StoreError> {
    orders::Entity::find()
        .filter(orders::Column::Status.is_in(OrderStatus::OPEN_CODES))
        .filter(orders::Column::ExpiresAt.lte(now))
        .order_by_asc(orders::Column::Id)
        .limit(limit)
        .all(db)
        .await?
        .into_iter()
        .map(from_row)
        .collect()
}

/// Paid orders with a refund asked for and not yet confirmed (the
/// scheduler asks the provider how each refund went).
pub async fn refunds_in_flight(db: &impl ConnectionTrait, limit: u64) -> Result<Vec<OrderRecord>, StoreError> {
    orders::Entity::find()
        .filter(orders::Column::Status.eq(OrderStatus::Paid.code()))
        .filter(orders::Column::RefundNo.is_not_null())
        .order_by_asc(orders::Column::Id)
        .limit(limit)
        .all(db)
        .await?
        .into_iter()
        .map(from_row)
        .collect()
}

/// Closes open orders whose payment window has passed (status 4).
pub async fn close_expired(db: &DatabaseConnection, now: DateTime<Utc>) -> Result<u64, StoreError> {
    let res = orders::Entity::update_many()
        .col_expr(orders::Column::Status, Expr::value(OrderStatus::ClosedTimeout.code()))
        .col_expr(orders::Column::PendingPlanUser, Expr::value(Option::<i64>::None))
        .col_expr(orders::Column::ClosedAt, Expr::value(now))
        .col_expr(orders::Column::UpdatedAt, Expr::value(now))
        .filter(orders::Column::Status.is_in(OrderStatus::OPEN_CODES))
        .filter(orders::Column::ExpiresAt.lte(now))
        .exec(db)
        .await?;
    Ok(res.rows_affected)
}

/// What a verified payment notification did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaymentOutcome {
    /// This notification paid the order and granted what it bought.
    Granted(OrderRecord),
    /// The provider reported a failed payment; the order is now failed.
    Failed(OrderRecord),
    /// The order had already left the open states (a duplicate, or a
    /// payment for a closed order); nothing was granted.
    Unchanged(OrderRecord),
}

/// Applies a verified notification: a success pays the open order and, in
/// the same transaction, grants the plan (membership + that month's gift)
/// or the pack (top-up bucket).
pub async fn apply_payment(
    db: &DatabaseConnection,
    order_no: &OrderNo,
    trade_no: &str,
    paid: bool,
    now: DateTime<Utc>,
) -> Result<PaymentOutcome, OrderError> {
    let txn = db.begin().await?;
    let to = if paid { OrderStatus::Paid } else { OrderStatus::Failed };
    // The guarded update comes first: it takes SQLite's write lock before
    // any read, so concurrent duplicates queue instead of failing to
    // upgrade a read transaction.
    let res = orders::Entity::update_many()
        .col_expr(orders::Column::Status, Expr::value(to.code()))
        .col_expr(orders::Column::PendingPlanUser, Expr::value(Option::<i64>::None))
        .col_expr(orders::Column::ProviderTradeNo, Expr::value(trade_no))
        .col_expr(orders::Column::PaidAt, Expr::value(paid.then_some(now)))
        .col_expr(orders::Column::UpdatedAt, Expr::value(now))
        .filter(orders::Column::OrderNo.eq(order_no.as_str()))
        .filter(orders::Column::Status.is_in(OrderStatus::OPEN_CODES))
        .exec(&txn)
        .await?;
    if res.rows_affected != 1 {
        txn.rollback().await?;
        let order = get_order(db, order_no).await?.ok_or(OrderError::NotFound)?;
        return Ok(PaymentOutcome::Unchanged(order));
    }
    let order = get_order(&txn, order_no).await?.ok_or(OrderError::NotFound)?;
    if paid {
        match (order.kind, order.tier) {
            (ProductKind::Pack, _) => {
                let amount = u32::try_from(order.lingshi).map_err(|_| StoreError::corrupt("orders", "lingshi"))?;
                ledger::top_up(&txn, order.user, Lingshi::new(amount), order_no.as_str()).await?;
            }
            (ProductKind::Plan, Some(tier)) => {
                membership::activate(&txn, order.user, tier, order.months, order_no.as_str(), now).await?;
            }
            (ProductKind::Plan, None) => return Err(StoreError::corrupt("orders", "plan without tier").into()),
        }
    }
    let updated = get_order(&txn, order_no).await?.ok_or(OrderError::NotFound)?;
    txn.commit().await?;
    Ok(if paid { PaymentOutcome::Granted(updated) } else { PaymentOutcome::Failed(updated) })
}

/// Asks for a refund of a paid order: gives it `refund_no` (our
/// `out_refund_no`) once. Asking again while the refund is in flight returns
/// the order with its first number, so a retried provider call refunds at
/// most once.
pub async fn begin_refund(
    db: &DatabaseConnection,
    order_no: &OrderNo,
    refund_no: &str,
    now: DateTime<Utc>,
) -> Result<OrderRecord, OrderError> {
    orders::Entity::update_many()
        .col_expr(orders::Column::RefundNo, Expr::value(refund_no))
        .col_expr(orders::Column::RefundRequestedAt, Expr::value(now))
        .col_expr(orders::Column::UpdatedAt, Expr::value(now))
        .filter(orders::Column::OrderNo.eq(order_no.as_str()))
        .filter(orders::Column::Status.eq(OrderStatus::Paid.code()))
        .filter(orders::Column::RefundNo.is_null())
        .exec(db)
        .await?;
    let order = get_order(db, order_no).await?.ok_or(OrderError::NotFound)?;
    match (order.status, &order.refund_no) {
        (OrderStatus::Paid, Some(_)) => Ok(order),
        (status, _) => Err(OrderError::NotRefundable(status)),
    }
}

/// What a confirmed refund did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RefundOutcome {
    /// This call made the order refunded (6) and took back what it granted:
    /// `taken` lingshi came back, `shortfall` had been spent already.
    Refunded { order: OrderRecord, taken: i64, shortfall: i64 },
    /// Already refunded, or not a paid order with this refund in flight:
    /// nothing changed.
    Unchanged(OrderRecord),
}

/// Applies a confirmed refund, exactly once: the paid order whose refund
/// number is `refund_no` becomes refunded (6) and, in the same transaction,
/// what it granted is taken back. A pack's lingshi leave the top-up bucket
/// (as many as are left; the rest is the shortfall, recorded on the order);
/// a plan's period is taken away (see [`membership::revoke_order`]).
pub async fn apply_refund(
    db: &DatabaseConnection,
    order_no: &OrderNo,
    refund_no: &str,
    now: DateTime<Utc>,
) -> Result<RefundOutcome, OrderError> {
    let txn = db.begin().await?;
    // The guarded update first (SQLite's write lock before any read).
    let res = orders::Entity::update_many()
        .col_expr(orders::Column::Status, Expr::value(OrderStatus::Refunded.code()))
        .col_expr(orders::Column::RefundedAt, Expr::value(now))
        .col_expr(orders::Column::UpdatedAt, Expr::value(now))
        .filter(orders::Column::OrderNo.eq(order_no.as_str()))
        .filter(orders::Column::Status.eq(OrderStatus::Paid.code()))
        .filter(orders::Column::RefundNo.eq(refund_no))
        .exec(&txn)
        .await?;
    if res.rows_affected != 1 {
        txn.rollback().await?;
        let order = get_order(db, order_no).await?.ok_or(OrderError::NotFound)?;
        return Ok(RefundOutcome::Unchanged(order));
    }
    let order = get_order(&txn, order_no).await?.ok_or(OrderError::NotFound)?;
    let (taken, shortfall) = match (order.kind, order.tier) {
        (ProductKind::Pack, _) => {
            let key = format!("order:{}", order_no.as_str());
            let taken = ledger::take_back(&txn, order.user, Bucket::Topup, order.lingshi, &key).await?;
            (taken, order.lingshi.saturating_sub(taken).max(0))
        }
        (ProductKind::Plan, Some(tier)) => {
            membership::revoke_order(&txn, order.user, tier, order.months, order_no.as_str(), now).await?
        }
        (ProductKind::Plan, None) => return Err(StoreError::corrupt("orders", "plan without tier").into()),
    };
    orders::Entity::update_many()
        .col_expr(orders::Column::RefundShortfall, Expr::value(shortfall))
        .filter(orders::Column::OrderNo.eq(order_no.as_str()))
        .exec(&txn)
        .await?;
    let order = get_order(&txn, order_no).await?.ok_or(OrderError::NotFound)?;
    txn.commit().await?;
    Ok(RefundOutcome::Refunded { order, taken, shortfall })
}

/// Records a notification's nonce; false when it was seen before (a
/// replay).
pub async fn use_nonce(db: &impl ConnectionTrait, nonce: &str, now: DateTime<Utc>) -> Result<bool, StoreError> {
    let res = payment_nonces::Entity::insert(payment_nonces::ActiveModel {
        nonce: Set(nonce.to_owned()),
        created_at: Set(now),
    })
    .on_conflict_do_nothing_on([payment_nonces::Column::Nonce])
    .exec(db)
    .await?;
    Ok(!matches!(res, TryInsertResult::Conflicted))
}

/// Forgets nonces older than the notification tolerance window: a replay
/// that old is refused for its timestamp anyway.
pub async fn prune_nonces(db: &impl ConnectionTrait, before: DateTime<Utc>) -> Result<u64, StoreError> {
    Ok(payment_nonces::Entity::delete_many()
        .filter(payment_nonces::Column::CreatedAt.lt(before))
        .exec(db)
        .await?
        .rows_affected)
}
