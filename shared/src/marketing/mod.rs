//! The marketing workbench's pure parts: the computed calendar, reading
//! hotspot feeds, hot words, and the demonstration data set.

pub mod calendar;
pub mod demo;
pub mod feeds;
pub mod hot_words;
pub mod ideas;
pub mod import;
pub mod statistics;
