//! One captcha per account at a time. A right answer marks it verified; a
//! wrong one deletes it (a new image is needed); sending a code consumes a
//! verified one, so each captcha buys at most one code.

use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use crate::db::entities::captchas;
use crate::db::StoreError;

/// Replaces the account's captcha with a new unverified one.
pub async fn put(
    db: &impl ConnectionTrait,
    target: &str,
    answer_hash: String,
    now: DateTime<Utc>,
    expires_at: DateTime<Utc>,
) -> Result<(), StoreError> {
    captchas::Entity::insert(captchas::ActiveModel {
        target: Set(target.to_owned()),
        answer_hash: Set(answer_hash),
        created_at: Set(now),
        expires_at: Set(expires_at),
        verified_at: Set(None),
    })
    .on_conflict(
        OnConflict::column(captchas::Column::Target)
            .update_columns([
                captchas::Column::AnswerHash,
                captchas::Column::CreatedAt,
                captchas::Column::ExpiresAt,
                captchas::Column::VerifiedAt,
            ])
            .to_owned(),
    )
    .exec(db)
    .await?;
    Ok(())
}

/// True when `answer_hash` answers the account's live, unverified captcha
/// (which is then verified); otherwise the captcha is discarded.
pub async fn verify(
    db: &impl ConnectionTrait,
    target: &str,
    answer_hash: &str,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let res = captchas::Entity::update_many()
        .col_expr(captchas::Column::VerifiedAt, Expr::value(now))
        .filter(captchas::Column::Target.eq(target))
        .filter(captchas::Column::AnswerHash.eq(answer_hash))
        .filter(captchas::Column::ExpiresAt.gt(now))
        .filter(captchas::Column::VerifiedAt.is_null())
        .exec(db)
        .await?;
    if res.rows_affected == 1 {
        return Ok(true);
    }
    captchas::Entity::delete_many().filter(captchas::Column::Target.eq(target)).exec(db).await?;
    Ok(false)
}

/// Consumes the account's verified, unexpired captcha; false if there is none.
pub async fn take_verified(db: &impl ConnectionTrait, target: &str, now: DateTime<Utc>) -> Result<bool, StoreError> {
    let res = captchas::Entity::delete_many()
        .filter(captchas::Column::Target.eq(target))
        .filter(captchas::Column::VerifiedAt.is_not_null())
        .filter(captchas::Column::ExpiresAt.gt(now))
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}
