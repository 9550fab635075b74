pub mod fleet;
pub mod photos;
pub mod tenants;
pub mod text_tasks;
