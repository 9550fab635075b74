pub mod fleet;
