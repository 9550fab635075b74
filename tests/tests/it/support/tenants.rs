//! A tenant for tests that need one: its members' routing, templates and
//! shared materials.

use pixmart_shared::db::store::tenants::{self, TenantRecord, TenantSpec};
use pixmart_shared::domain::tenant::{TenantSlug, TenantSwitches};
use sea_orm::DatabaseConnection;

/// The tenant `slug` (created, or as it is), with default switches.
pub async fn tenant(db: &DatabaseConnection, slug: &str, enterprise: bool) -> TenantRecord {
    let spec = TenantSpec {
        slug: TenantSlug::parse(slug).unwrap(),
        name: slug.to_uppercase(),
        icon: None,
        company_name: None,
        enterprise,
        switches: TenantSwitches::default(),
    };
    tenants::upsert_tenant(db, &spec).await.unwrap()
}
