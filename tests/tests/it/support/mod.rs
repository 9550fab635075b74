pub mod fleet;
pub mod text_tasks;
