//! API keys: create (at most `MAX_API_KEYS_PER_USER` live per user), list
//! and revoke, each scoped to the owner; and the lookup by hash that the
//! remove.bg-compatible API authenticates with.

use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder,
};

use crate::db::entities::api_keys;
use crate::db::StoreError;
use crate::domain::api_key::MAX_API_KEYS_PER_USER;
use crate::domain::{ApiKey, ApiKeyId, ApiKeyName, ApiKeySecret, UserId};

impl TryFrom<api_keys::Model> for ApiKey {
    type Error = StoreError;
    fn try_from(m: api_keys::Model) -> Result<Self, StoreError> {
        Ok(ApiKey {
            id: m.id.parse().map_err(|_| StoreError::corrupt("api_keys", format!("{}: id", m.id)))?,
            owner: UserId(m.user_id),
            name: m.name,
            prefix: m.prefix,
            created_at: m.created_at,
            last_used_at: m.last_used_at,
        })
    }
}

/// A key that authenticated a request: which key, whose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyOwner {
    pub key: ApiKeyId,
    pub user: UserId,
}

fn live_of(user: UserId) -> sea_orm::Select<api_keys::Entity> {
    api_keys::Entity::find().filter(api_keys::Column::UserId.eq(user.0)).filter(api_keys::Column::RevokedAt.is_null())
}

/// Stores a new key for `user`; `None` when the user already holds the
/// most live keys allowed.
pub async fn create(
    db: &impl ConnectionTrait,
    user: UserId,
    name: &ApiKeyName,
    secret: &ApiKeySecret,
    now: DateTime<Utc>,
) -> Result<Option<ApiKey>, StoreError> {
    if live_of(user).count(db).await? >= MAX_API_KEYS_PER_USER {
        return Ok(None);
    }
    let row = api_keys::ActiveModel {
        id: Set(ApiKeyId::new().to_string()),
        user_id: Set(user.0),
        name: Set(name.as_str().to_owned()),
        prefix: Set(secret.prefix().to_owned()),
        key_hash: Set(secret.digest()),
        created_at: Set(now),
        last_used_at: Set(None),
        revoked_at: Set(None),
    }
    .insert(db)
    .await?;
    Ok(Some(ApiKey::try_from(row)?))
}

/// The user's live keys, newest first.
pub async fn list(db: &impl ConnectionTrait, user: UserId) -> Result<Vec<ApiKey>, StoreError> {
    live_of(user)
        .order_by_desc(api_keys::Column::CreatedAt)
        .order_by_desc(api_keys::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(ApiKey::try_from)
        .collect()
}

/// Revokes the user's live key; false when the user has no such live key.
pub async fn revoke(
    db: &impl ConnectionTrait,
    user: UserId,
    id: ApiKeyId,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let res = api_keys::Entity::update_many()
        .col_expr(api_keys::Column::RevokedAt, Expr::value(now))
        .filter(api_keys::Column::Id.eq(id.to_string()))
        .filter(api_keys::Column::UserId.eq(user.0))
        .filter(api_keys::Column::RevokedAt.is_null())
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}

/// The live key with this secret and its owner, marking it used now;
/// `None` for an unknown or revoked key.
pub async fn authenticate(
    db: &impl ConnectionTrait,
    secret: &ApiKeySecret,
    now: DateTime<Utc>,
) -> Result<Option<KeyOwner>, StoreError> {
    let row = api_keys::Entity::find()
        .filter(api_keys::Column::KeyHash.eq(secret.digest()))
        .filter(api_keys::Column::RevokedAt.is_null())
        .one(db)
        .await?;
    let Some(row) = row else { return Ok(None) };
    api_keys::Entity::update_many()
        .col_expr(api_keys::Column::LastUsedAt, Expr::value(now))
        .filter(api_keys::Column::Id.eq(row.id.clone()))
        .exec(db)
        .await?;
    let key = ApiKey::try_from(row)?;
    Ok(Some(KeyOwner { key: key.id, user: key.owner }))
}
