use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    SqlErr, TransactionTrait,
};

use crate::db::entities::users;
use crate::db::store::ledger;
use crate::db::StoreError;
use crate::domain::money::FREE_PLAN_GIFT;
use crate::domain::{Account, Bucket, UserId};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserRecord {
    pub id: UserId,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub user_name: String,
    pub tenant_id: Option<i64>,
    pub password_hash: String,
}

impl From<users::Model> for UserRecord {
    fn from(m: users::Model) -> Self {
        UserRecord {
            id: UserId(m.id),
            phone: m.phone,
            email: m.email,
            user_name: m.user_name,
            tenant_id: m.tenant_id,
            password_hash: m.password_hash,
        }
    }
}

fn account_filter(account: &Account) -> sea_orm::Condition {
    match account {
        Account::Phone(p) => sea_orm::Condition::all().add(users::Column::Phone.eq(p.as_str())),
        Account::Email(e) => sea_orm::Condition::all().add(users::Column::Email.eq(e.as_str())),
    }
}

/// A default display name: the phone with its middle masked, or the
/// email's local part.
fn default_user_name(account: &Account) -> String {
    match account {
        Account::Phone(p) => {
            let s = p.as_str();
            format!("{}****{}", &s[..3], &s[7..])
        }
        Account::Email(e) => e.as_str().split('@').next().unwrap_or_default().to_owned(),
    }
}

/// Creates the account and, in the same transaction, the free plan's
/// one-off gift of lingshi.
pub async fn create_user(
    db: &DatabaseConnection,
    account: &Account,
    password_hash: String,
) -> Result<UserRecord, StoreError> {
    let now = Utc::now();
    let (phone, email) = match account {
        Account::Phone(p) => (Some(p.as_str().to_owned()), None),
        Account::Email(e) => (None, Some(e.as_str().to_owned())),
    };
    let row = users::ActiveModel {
        phone: Set(phone),
        email: Set(email),
        password_hash: Set(password_hash),
        user_name: Set(default_user_name(account)),
        tenant_id: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    let txn = db.begin().await?;
    let user: UserRecord = match row.insert(&txn).await {
        Ok(m) => m.into(),
        Err(e) if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
            return Err(StoreError::AccountExists);
        }
        Err(e) => return Err(e.into()),
    };
    ledger::grant(&txn, user.id, Bucket::Free, FREE_PLAN_GIFT, &format!("free-plan:{}", user.id)).await?;
    txn.commit().await?;
    Ok(user)
}

pub async fn find_by_account(db: &impl ConnectionTrait, account: &Account) -> Result<Option<UserRecord>, StoreError> {
    Ok(users::Entity::find().filter(account_filter(account)).one(db).await?.map(Into::into))
}

pub async fn get_user(db: &impl ConnectionTrait, id: UserId) -> Result<Option<UserRecord>, StoreError> {
    Ok(users::Entity::find_by_id(id.0).one(db).await?.map(Into::into))
}
