use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use crate::db::entities::auth_tokens;
use crate::db::StoreError;
use crate::domain::UserId;

pub async fn insert_token(
    db: &impl ConnectionTrait,
    user: UserId,
    token_hash: String,
    expires_at: DateTime<Utc>,
) -> Result<(), StoreError> {
    auth_tokens::ActiveModel {
        token_hash: Set(token_hash),
        user_id: Set(user.0),
        created_at: Set(Utc::now()),
        expires_at: Set(expires_at),
        revoked_at: Set(None),
    }
    .insert(db)
    .await?;
    Ok(())
}

/// The user a live (unexpired, unrevoked) token belongs to.
pub async fn user_for_token(
    db: &impl ConnectionTrait,
    token_hash: &str,
    now: DateTime<Utc>,
) -> Result<Option<UserId>, StoreError> {
    let row = auth_tokens::Entity::find_by_id(token_hash.to_owned())
        .filter(auth_tokens::Column::RevokedAt.is_null())
        .filter(auth_tokens::Column::ExpiresAt.gt(now))
        .one(db)
        .await?;
    Ok(row.map(|r| UserId(r.user_id)))
}

pub async fn revoke_token(db: &impl ConnectionTrait, token_hash: &str) -> Result<(), StoreError> {
    auth_tokens::Entity::update_many()
        .col_expr(auth_tokens::Column::RevokedAt, Expr::value(Utc::now()))
        .filter(auth_tokens::Column::TokenHash.eq(token_hash))
        .exec(db)
        .await?;
    Ok(())
}

/// Revokes every live token of a user (after a password reset).
pub async fn revoke_all_for_user(db: &impl ConnectionTrait, user: UserId) -> Result<u64, StoreError> {
    let res = auth_tokens::Entity::update_many()
        .col_expr(auth_tokens::Column::RevokedAt, Expr::value(Utc::now()))
        .filter(auth_tokens::Column::UserId.eq(user.0))
        .filter(auth_tokens::Column::RevokedAt.is_null())
        .exec(db)
        .await?;
    Ok(res.rows_affected)
}
