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
use crate::Lang;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserRecord {
    pub id: UserId,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub user_name: String,
    pub tenant_id: Option<i64>,
    pub password_hash: String,
    /// This user's invite code (assigned at sign-up, or lazily for older rows).
    pub invite_code: Option<String>,
    pub inviter_id: Option<UserId>,
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
            invite_code: m.invite_code,
            inviter_id: m.inviter_id.map(UserId),
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
    create_user_invited(db, account, password_hash, None, Lang::default()).await
}

/// Who invited a new user and what the inviter receives for it.
#[derive(Debug, Clone, Copy)]
pub struct Invitation {
    pub inviter: UserId,
    pub reward: crate::domain::Lingshi,
}

/// As [`create_user`], recording the inviter and crediting them the invite
/// reward (free bucket, once per invitee) in the same transaction; the
/// welcome message is written in `lang`, the language of the sign-up.
pub async fn create_user_invited(
    db: &DatabaseConnection,
    account: &Account,
    password_hash: String,
    invitation: Option<Invitation>,
    lang: Lang,
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
        invite_code: Set(Some(crate::domain::InviteCode::generate().as_str().to_owned())),
        inviter_id: Set(invitation.map(|i| i.inviter.0)),
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
    if let Some(inv) = invitation {
        // Keyed by the invitee: one reward per registration, however retried.
        ledger::grant(&txn, inv.inviter, Bucket::Free, inv.reward, &format!("invite:{}", user.id)).await?;
    }
    crate::db::store::messages::send_welcome(&txn, user.id, lang).await?;
    txn.commit().await?;
    Ok(user)
}

pub async fn find_by_account(db: &impl ConnectionTrait, account: &Account) -> Result<Option<UserRecord>, StoreError> {
    Ok(users::Entity::find().filter(account_filter(account)).one(db).await?.map(Into::into))
}

pub async fn get_user(db: &impl ConnectionTrait, id: UserId) -> Result<Option<UserRecord>, StoreError> {
    Ok(users::Entity::find_by_id(id.0).one(db).await?.map(Into::into))
}

/// The user holding this invite code.
pub async fn find_by_invite_code(
    db: &impl ConnectionTrait,
    code: &crate::domain::InviteCode,
) -> Result<Option<UserRecord>, StoreError> {
    Ok(users::Entity::find().filter(users::Column::InviteCode.eq(code.as_str())).one(db).await?.map(Into::into))
}

/// The user's invite code, assigning one to a user created before invites.
pub async fn ensure_invite_code(db: &impl ConnectionTrait, user: &UserRecord) -> Result<String, StoreError> {
    if let Some(code) = &user.invite_code {
        return Ok(code.clone());
    }
    let code = crate::domain::InviteCode::generate().as_str().to_owned();
    users::Entity::update_many()
        .col_expr(users::Column::InviteCode, sea_orm::sea_query::Expr::value(code.clone()))
        .filter(users::Column::Id.eq(user.id.0))
        .filter(users::Column::InviteCode.is_null())
        .exec(db)
        .await?;
    // Another request may have assigned one first: read what stuck.
    let stored = users::Entity::find_by_id(user.id.0).one(db).await?.and_then(|m| m.invite_code);
    Ok(stored.unwrap_or(code))
}

/// Replaces the user's password hash (password reset).
pub async fn set_password_hash(db: &impl ConnectionTrait, id: UserId, password_hash: String) -> Result<(), StoreError> {
    users::Entity::update_many()
        .col_expr(users::Column::PasswordHash, sea_orm::sea_query::Expr::value(password_hash))
        .col_expr(users::Column::UpdatedAt, sea_orm::sea_query::Expr::value(Utc::now()))
        .filter(users::Column::Id.eq(id.0))
        .exec(db)
        .await?;
    Ok(())
}
