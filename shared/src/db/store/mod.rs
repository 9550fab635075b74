//! Store functions by table. They take and return domain types.

pub mod ledger;
pub mod tasks;
pub mod tokens;
pub mod uploads;
pub mod users;
pub mod workers;
