//! The admin role: who may operate the fleet. Granted by an operator from
//! the command line (`pixmart-api grant-admin <phone|email>`), never over
//! HTTP.

use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};

use crate::db::entities::users;
use crate::db::StoreError;
use crate::domain::{Account, UserId};

pub const ROLE_USER: &str = "user";
pub const ROLE_ADMIN: &str = "admin";

pub async fn is_admin(db: &impl ConnectionTrait, user: UserId) -> Result<bool, StoreError> {
    let role: Option<String> =
        users::Entity::find_by_id(user.0).select_only().column(users::Column::Role).into_tuple().one(db).await?;
    Ok(role.as_deref() == Some(ROLE_ADMIN))
}

/// Gives or takes the admin role. False when no such account exists.
pub async fn set_admin(db: &impl ConnectionTrait, account: &Account, admin: bool) -> Result<bool, StoreError> {
    let filter = match account {
        Account::Phone(p) => users::Column::Phone.eq(p.as_str()),
        Account::Email(e) => users::Column::Email.eq(e.as_str()),
    };
    let role = if admin { ROLE_ADMIN } else { ROLE_USER };
    let res =
        users::Entity::update_many().col_expr(users::Column::Role, Expr::value(role)).filter(filter).exec(db).await?;
    Ok(res.rows_affected >= 1)
}
