//! Payment: the provider interface, the development provider, and the
//! signed notifications a provider sends when an order is paid.

pub mod dev;
pub mod provider;
pub mod signature;

pub use provider::{from_settings, Checkout, PaymentProvider};
pub use signature::{Notification, NotifyStatus};
