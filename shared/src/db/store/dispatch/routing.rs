//! Where a user's tasks go: their pool (a tenant's dedicated pool or the
//! shared one), lane and fairness share.

use chrono::Utc;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, ConnectionTrait, EntityTrait};

use crate::db::entities::tenant_pools;
use crate::db::store::{membership, tenants};
use crate::db::StoreError;
use crate::domain::{BizType, Tier, UserId};
use crate::jobs::{Lane, QueueKey, DEFAULT_POOL};

/// The fairness share of a user: their tenant's, or their own.
pub fn share_key(user: UserId, tenant: Option<i64>) -> String {
    match tenant {
        Some(t) => format!("t:{t}"),
        None => format!("u:{}", user.0),
    }
}

/// Where a user's next task goes: its pool, lane and fairness share, and
/// whether only commercially licensed models may run it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    pub pool: String,
    pub lane: Lane,
    pub share_key: String,
    /// The user's tenant refuses non-commercial models.
    pub commercial_only: bool,
}

impl Route {
    /// The queue a task of `biz` on this route goes to (see [`QueueKey`]).
    pub fn queue_key(&self, biz: BizType) -> QueueKey {
        QueueKey::for_task(biz, Some(&self.pool)).commercial_only(self.commercial_only)
    }
}

/// The route of a user's tasks: a tenant with a dedicated pool sends them
/// there; the lane is the user's tier's speed (members of an enterprise
/// tenant get the exclusive lane); the share is the tenant, or the user; a
/// tenant that refuses non-commercial models gets the commercial queues.
pub async fn route_for(db: &impl ConnectionTrait, user: UserId) -> Result<Route, StoreError> {
    let tier = membership::current_tier(db, user).await?;
    route_with_tier(db, user, tier).await
}

/// [`route_for`] for a caller whose current tier is already known.
pub async fn route_with_tier(db: &impl ConnectionTrait, user: UserId, tier: Tier) -> Result<Route, StoreError> {
    let tenant = tenants::tenant_of_user(db, user).await?;
    let mut lane = Lane::for_tier(tier);
    if tenant.as_ref().is_some_and(|t| t.enterprise) {
        lane = Lane::Exclusive;
    }
    let commercial_only = tenant.as_ref().is_some_and(|t| t.switches.refuse_non_commercial_models);
    let tenant_id = tenant.map(|t| t.id);
    Ok(Route {
        pool: pool_of_tenant(db, tenant_id).await?,
        lane,
        share_key: share_key(user, tenant_id),
        commercial_only,
    })
}

/// Routes a tenant's future tasks to `pool` (`None`: back to the shared
/// pool). Tasks already submitted keep their queue.
pub async fn assign_tenant_pool(db: &impl ConnectionTrait, tenant: i64, pool: Option<&str>) -> Result<(), StoreError> {
    match pool {
        Some(pool) => {
            tenant_pools::Entity::insert(tenant_pools::ActiveModel {
                tenant_id: Set(tenant),
                pool: Set(pool.to_owned()),
                created_at: Set(Utc::now()),
            })
            .on_conflict(
                OnConflict::column(tenant_pools::Column::TenantId).update_column(tenant_pools::Column::Pool).to_owned(),
            )
            .exec(db)
            .await?;
        }
        None => {
            tenant_pools::Entity::delete_by_id(tenant).exec(db).await?;
        }
    }
    Ok(())
}

/// The pool a tenant's tasks go to (the shared pool without an assignment).
pub async fn pool_of_tenant(db: &impl ConnectionTrait, tenant: Option<i64>) -> Result<String, StoreError> {
    let Some(tenant) = tenant else { return Ok(DEFAULT_POOL.to_owned()) };
    Ok(tenant_pools::Entity::find_by_id(tenant).one(db).await?.map_or_else(|| DEFAULT_POOL.to_owned(), |r| r.pool))
}
