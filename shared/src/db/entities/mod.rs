//! sea-orm entities, one per table. Only `db::store` uses them; handlers and
//! workers see domain types.

pub mod api_keys;
pub mod auth_tokens;
pub mod batches;
pub mod captchas;
pub mod content_batches;
pub mod content_items;
pub mod feedback;
pub mod hotspot_observations;
pub mod hotspot_sources;
pub mod hotspots;
pub mod idea_reports;
pub mod leads;
pub mod ledger_balances;
pub mod ledger_entries;
pub mod memberships;
pub mod messages;
pub mod orders;
pub mod payment_nonces;
pub mod poster_assets;
pub mod poster_templates;
pub mod rate_counters;
pub mod saved_images;
pub mod tasks;
pub mod tenant_pools;
pub mod tenants;
pub mod uploads;
pub mod users;
pub mod verify_codes;
pub mod worker_nodes;
