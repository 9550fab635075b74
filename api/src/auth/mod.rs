//! Sign-in plumbing: password hashing, bearer tokens and the extractor that
//! turns a token into the calling user.

pub mod extractor;
pub mod optional;
pub mod password;
pub mod token;

pub use extractor::AuthUser;
pub use optional::OptionalUser;
