//! Payment: the provider interface, the development provider, WeChat Pay
//! (API v3, Native QR code payments), and the signed notifications a
//! provider sends when an order is paid or refunded.

pub mod dev;
pub mod provider;
pub mod signature;
pub mod wechatpay;

pub use provider::{from_settings, Checkout, PaymentProvider, Providers, RefundState, TradeState};
pub use signature::{Notification, NotifyStatus};
