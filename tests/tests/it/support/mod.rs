pub mod fleet;
pub mod photos;
pub mod text_tasks;
