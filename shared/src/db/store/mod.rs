//! Store functions by table. They take and return domain types.

pub mod admins;
pub mod api_keys;
pub mod batches;
pub mod capabilities;
pub mod captchas;
pub mod copy_ratings;
pub mod dispatch;
pub mod feedback;
pub mod group_commit;
pub mod key_guards;
pub mod leads;
pub mod ledger;
pub mod membership;
pub mod messages;
pub mod orders;
pub mod poster_templates;
pub mod rate_limits;
pub mod saved_images;
pub mod tasks;
pub mod tenants;
pub mod tokens;
pub mod uploads;
pub mod users;
pub mod verify_codes;
pub mod workers;
