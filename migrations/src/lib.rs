//! Ordered schema migrations. Each migration declares its own column names
//! (it must not depend on today's entity definitions, which will change).

pub use sea_orm_migration::prelude::*;

mod m20261121_000001_initial;
mod m20261121_000002_ledger;
mod m20261121_000003_task_idempotency;
mod m20261121_000004_task_dispatch;
mod m20261121_000005_sign_in;
mod m20261121_000006_membership_orders;
mod m20261121_000007_tenants_messages;
mod m20261121_000008_scheduling;
mod m20261121_000009_fleet_admin;
mod m20261121_000011_worker_models;
mod m20261121_000012_saved_images;
mod m20261122_000013_waiting_order;
mod m20261126_000014_refunds;
mod m20261126_000016_upload_quota;
mod m20261126_000017_api_keys;
mod m20261127_000018_task_source_text;
mod m20261127_000019_poster_templates;
mod m20261127_000020_poster_assets;
mod m20261128_000021_hotspots;
mod m20261128_000022_idea_reports;
mod m20261128_000023_content;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261121_000001_initial::Migration),
            Box::new(m20261121_000002_ledger::Migration),
            Box::new(m20261121_000003_task_idempotency::Migration),
            Box::new(m20261121_000004_task_dispatch::Migration),
            Box::new(m20261121_000005_sign_in::Migration),
            Box::new(m20261121_000006_membership_orders::Migration),
            Box::new(m20261121_000007_tenants_messages::Migration),
            Box::new(m20261121_000008_scheduling::Migration),
            Box::new(m20261121_000009_fleet_admin::Migration),
            Box::new(m20261121_000011_worker_models::Migration),
            Box::new(m20261121_000012_saved_images::Migration),
            Box::new(m20261122_000013_waiting_order::Migration),
            Box::new(m20261126_000014_refunds::Migration),
            Box::new(m20261126_000016_upload_quota::Migration),
            Box::new(m20261126_000017_api_keys::Migration),
            Box::new(m20261127_000018_task_source_text::Migration),
            Box::new(m20261127_000019_poster_templates::Migration),
            Box::new(m20261127_000020_poster_assets::Migration),
            Box::new(m20261128_000021_hotspots::Migration),
            Box::new(m20261128_000022_idea_reports::Migration),
            Box::new(m20261128_000023_content::Migration),
        ]
    }
}
