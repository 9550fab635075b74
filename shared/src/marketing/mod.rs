//! The marketing workbench's pure parts: the computed calendar, reading
//! hotspot feeds, hot words, idea reports, content per platform, and the demonstration data set.

pub mod calendar;
pub mod content;
pub mod demo;
pub mod feeds;
pub mod hot_words;
pub mod ideas;
pub mod import;
pub mod statistics;
