//! Marketing copy: the platforms and styles a merchant chooses, the typed
//! shape of an answer per platform, and the rules every delivered answer
//! meets. A language model writes free text; [`parse`] reads it into a
//! [`MarketingCopy`] and [`rules::finish`] repairs what can be repaired
//! (a long title, duplicate sentences, a heading marker) or says why the
//! answer must be written again (wrong language, a loop, an echo of the
//! source or of the instructions). Nothing here runs a model: the worker
//! does, with the prompts from [`prompt`].

pub mod copy;
pub mod figures;
pub mod language;
pub mod parse;
pub mod platform;
pub mod poster_copy;
pub mod prompt;
pub mod rating;
pub mod rules;
pub mod style;
pub mod text;

pub use copy::{MarketingCopy, Section, Shot};
pub use language::CopyLanguage;
pub use parse::parse;
pub use platform::Platform;
pub use rating::{CopyRating, DislikeReason, Verdict};
pub use rules::{finish, Problem, RuleContext};
pub use style::CopyStyle;
