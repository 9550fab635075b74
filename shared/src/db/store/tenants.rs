//! Tenants and tenant membership (`users.tenant_id`: at most one tenant
//! per user).

use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::db::entities::{tenants, users};
use crate::db::StoreError;
use crate::domain::tenant::{TenantSlug, TenantSwitches};
use crate::domain::UserId;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TenantRecord {
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub icon: Option<String>,
    pub company_name: Option<String>,
    pub enterprise: bool,
    pub switches: TenantSwitches,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl TryFrom<tenants::Model> for TenantRecord {
    type Error = StoreError;
    fn try_from(m: tenants::Model) -> Result<Self, StoreError> {
        // Group names were checked when written; reading accepts any.
        let switches: TenantSwitches = serde_json::from_str(&m.switches)
            .map_err(|e| StoreError::corrupt("tenants", format!("{}: switches: {e}", m.id)))?;
        Ok(TenantRecord {
            id: m.id,
            slug: m.slug,
            name: m.name,
            icon: m.icon,
            company_name: m.company_name,
            enterprise: m.enterprise,
            switches,
            created_at: m.created_at,
            updated_at: m.updated_at,
        })
    }
}

/// A tenant as an operator describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TenantSpec {
    pub slug: TenantSlug,
    pub name: String,
    pub icon: Option<String>,
    pub company_name: Option<String>,
    pub enterprise: bool,
    pub switches: TenantSwitches,
}

/// Creates the tenant, or updates the one with the same slug (so seeding
/// and operator scripts can be re-run).
pub async fn upsert_tenant(db: &impl ConnectionTrait, spec: &TenantSpec) -> Result<TenantRecord, StoreError> {
    let now = Utc::now();
    let row = tenants::ActiveModel {
        slug: Set(spec.slug.as_str().to_owned()),
        name: Set(spec.name.clone()),
        icon: Set(spec.icon.clone()),
        company_name: Set(spec.company_name.clone()),
        enterprise: Set(spec.enterprise),
        switches: Set(spec.switches.to_json()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    tenants::Entity::insert(row)
        .on_conflict(
            OnConflict::column(tenants::Column::Slug)
                .update_columns([
                    tenants::Column::Name,
                    tenants::Column::Icon,
                    tenants::Column::CompanyName,
                    tenants::Column::Enterprise,
                    tenants::Column::Switches,
                    tenants::Column::UpdatedAt,
                ])
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    find_by_slug(db, &spec.slug).await?.ok_or_else(|| StoreError::corrupt("tenants", "upserted row vanished"))
}

pub async fn find_by_slug(db: &impl ConnectionTrait, slug: &TenantSlug) -> Result<Option<TenantRecord>, StoreError> {
    tenants::Entity::find()
        .filter(tenants::Column::Slug.eq(slug.as_str()))
        .one(db)
        .await?
        .map(TenantRecord::try_from)
        .transpose()
}

pub async fn get_tenant(db: &impl ConnectionTrait, id: i64) -> Result<Option<TenantRecord>, StoreError> {
    tenants::Entity::find_by_id(id).one(db).await?.map(TenantRecord::try_from).transpose()
}

pub async fn list_tenants(db: &impl ConnectionTrait) -> Result<Vec<TenantRecord>, StoreError> {
    tenants::Entity::find()
        .order_by_asc(tenants::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(TryInto::try_into)
        .collect()
}

/// The tenant the user belongs to, if any.
pub async fn tenant_of_user(db: &impl ConnectionTrait, user: UserId) -> Result<Option<TenantRecord>, StoreError> {
    let tenant_id = users::Entity::find_by_id(user.0).one(db).await?.and_then(|u| u.tenant_id);
    match tenant_id {
        Some(id) => get_tenant(db, id).await,
        None => Ok(None),
    }
}

/// Puts the user in the tenant (replacing any earlier one) or, with
/// `None`, out of any tenant. False when the user or tenant does not exist.
pub async fn assign_user(db: &impl ConnectionTrait, user: UserId, tenant: Option<i64>) -> Result<bool, StoreError> {
    if let Some(id) = tenant {
        if tenants::Entity::find_by_id(id).one(db).await?.is_none() {
            return Ok(false);
        }
    }
    let res = users::Entity::update_many()
        .col_expr(users::Column::TenantId, Expr::value(tenant))
        .col_expr(users::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(users::Column::Id.eq(user.0))
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}
