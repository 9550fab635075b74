//! SMS and mail codes: only the newest code per account counts; sending a
//! new one voids the older ones, and using one consumes it.

use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, TransactionTrait,
};

use crate::db::entities::verify_codes;
use crate::db::StoreError;
use crate::domain::verify_code::{Channel, StoredCode};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeRow {
    pub id: i64,
    pub created_at: DateTime<Utc>,
    pub stored: StoredCode,
}

impl From<verify_codes::Model> for CodeRow {
    fn from(m: verify_codes::Model) -> Self {
        CodeRow {
            id: m.id,
            created_at: m.created_at,
            stored: StoredCode {
                code_hash: m.code_hash,
                attempts: u32::try_from(m.attempts).unwrap_or(0),
                expires_at: m.expires_at,
                consumed: m.consumed_at.is_some(),
            },
        }
    }
}

/// Stores a newly sent code and voids the account's older unused ones.
pub async fn insert(
    db: &DatabaseConnection,
    channel: Channel,
    target: &str,
    code_hash: String,
    now: DateTime<Utc>,
    expires_at: DateTime<Utc>,
) -> Result<(), StoreError> {
    let txn = db.begin().await?;
    verify_codes::Entity::update_many()
        .col_expr(verify_codes::Column::ConsumedAt, Expr::value(now))
        .filter(verify_codes::Column::Channel.eq(channel.as_str()))
        .filter(verify_codes::Column::Target.eq(target))
        .filter(verify_codes::Column::ConsumedAt.is_null())
        .exec(&txn)
        .await?;
    verify_codes::ActiveModel {
        channel: Set(channel.as_str().to_owned()),
        target: Set(target.to_owned()),
        code_hash: Set(code_hash),
        attempts: Set(0),
        created_at: Set(now),
        expires_at: Set(expires_at),
        consumed_at: Set(None),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    Ok(())
}

/// The newest code sent to the account, used or not.
pub async fn latest(db: &impl ConnectionTrait, channel: Channel, target: &str) -> Result<Option<CodeRow>, StoreError> {
    Ok(verify_codes::Entity::find()
        .filter(verify_codes::Column::Channel.eq(channel.as_str()))
        .filter(verify_codes::Column::Target.eq(target))
        .order_by_desc(verify_codes::Column::Id)
        .one(db)
        .await?
        .map(Into::into))
}

/// Counts one entry of the code, in one statement that also refuses it
/// once `max_attempts` entries were counted (or the code is used or past
/// its time): true when this entry may be compared. Checking a count read
/// earlier would let N simultaneous guesses all pass; the database decides
/// here, so exactly `max_attempts` entries are ever compared.
pub async fn count_attempt(
    db: &impl ConnectionTrait,
    id: i64,
    max_attempts: u32,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let res = verify_codes::Entity::update_many()
        .col_expr(verify_codes::Column::Attempts, Expr::col(verify_codes::Column::Attempts).add(1))
        .filter(verify_codes::Column::Id.eq(id))
        .filter(verify_codes::Column::Attempts.lt(i32::try_from(max_attempts).unwrap_or(i32::MAX)))
        .filter(verify_codes::Column::ConsumedAt.is_null())
        .filter(verify_codes::Column::ExpiresAt.gt(now))
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}

/// The code's row by id.
pub async fn get(db: &impl ConnectionTrait, id: i64) -> Result<Option<CodeRow>, StoreError> {
    Ok(verify_codes::Entity::find_by_id(id).one(db).await?.map(Into::into))
}

/// Marks the code used. False when someone else used it first: of two
/// simultaneous sign-ins with one code, only one succeeds.
pub async fn consume(db: &impl ConnectionTrait, id: i64, now: DateTime<Utc>) -> Result<bool, StoreError> {
    let res = verify_codes::Entity::update_many()
        .col_expr(verify_codes::Column::ConsumedAt, Expr::value(now))
        .filter(verify_codes::Column::Id.eq(id))
        .filter(verify_codes::Column::ConsumedAt.is_null())
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}
