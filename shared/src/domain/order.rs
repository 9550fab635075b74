//! Payment orders: the original app's status codes, what is bought, and order
//! numbers.

use serde::{Serialize, Serializer};

/// The original app's payment order status codes. 4 is a pending order closed by
/// the timeout; 5 one the user cancelled (neither can be reopened).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrderStatus {
    Pending,
    Paid,
    Failed,
    Paying,
    ClosedTimeout,
    ClosedCancelled,
    Refunded,
}

impl OrderStatus {
    pub const ALL: [OrderStatus; 7] = [
        OrderStatus::Pending,
        OrderStatus::Paid,
        OrderStatus::Failed,
        OrderStatus::Paying,
        OrderStatus::ClosedTimeout,
        OrderStatus::ClosedCancelled,
        OrderStatus::Refunded,
    ];

    pub fn code(self) -> i16 {
        match self {
            OrderStatus::Pending => 0,
            OrderStatus::Paid => 1,
            OrderStatus::Failed => 2,
            OrderStatus::Paying => 3,
            OrderStatus::ClosedTimeout => 4,
            OrderStatus::ClosedCancelled => 5,
            OrderStatus::Refunded => 6,
        }
    }

    pub fn from_code(code: i16) -> Option<OrderStatus> {
        OrderStatus::ALL.into_iter().find(|s| s.code() == code)
    }

    /// Waiting for money: can still be paid, cancelled or closed.
    pub fn is_open(self) -> bool {
        matches!(self, OrderStatus::Pending | OrderStatus::Paying)
    }

    pub const OPEN_CODES: [i16; 2] = [0, 3];
}

/// On the wire: the status code (0 to 6).
impl utoipa::PartialSchema for OrderStatus {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Integer)
            .description(Some("0 pending, 1 paid, 2 failed, 3 paying, 4 closed by timeout, 5 cancelled, 6 refunded"))
            .enum_values(Some(OrderStatus::ALL.iter().map(|s| s.code())))
            .into()
    }
}

impl utoipa::ToSchema for OrderStatus {}

impl Serialize for OrderStatus {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_i16(self.code())
    }
}

/// What an order buys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ProductKind {
    /// A membership plan for some months.
    Plan,
    /// A top-up pack of lingshi.
    Pack,
}

impl ProductKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ProductKind::Plan => "plan",
            ProductKind::Pack => "pack",
        }
    }

    pub fn parse(s: &str) -> Option<ProductKind> {
        [ProductKind::Plan, ProductKind::Pack].into_iter().find(|k| k.as_str() == s)
    }
}

/// An order number: `PM`, the UTC time to the second, six random digits
/// (unique by the database's constraint; a collision is retried).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OrderNo(String);

impl OrderNo {
    pub fn generate(now: chrono::DateTime<chrono::Utc>) -> OrderNo {
        let n: u32 = rand::random_range(0..1_000_000);
        OrderNo(format!("PM{}{n:06}", now.format("%Y%m%d%H%M%S")))
    }

    /// Accepts what `generate` makes: `PM` and 20 digits.
    pub fn parse(s: &str) -> Option<OrderNo> {
        let digits = s.strip_prefix("PM")?;
        (digits.len() == 20 && digits.bytes().all(|b| b.is_ascii_digit())).then(|| OrderNo(s.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for OrderNo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_codes_are_the_spec_codes() {
        let codes: Vec<i16> = OrderStatus::ALL.iter().map(|s| s.code()).collect();
        assert_eq!(codes, vec![0, 1, 2, 3, 4, 5, 6]);
        for s in OrderStatus::ALL {
            assert_eq!(OrderStatus::from_code(s.code()), Some(s));
        }
        assert!(OrderStatus::Pending.is_open() && OrderStatus::Paying.is_open());
        assert!(!OrderStatus::ClosedCancelled.is_open());
        assert_eq!(serde_json::to_string(&OrderStatus::Paying).unwrap(), "3");
    }

    #[test]
    fn order_numbers_round_trip() {
        let no = OrderNo::generate(chrono::Utc::now());
        assert_eq!(OrderNo::parse(no.as_str()), Some(no.clone()));
        assert_eq!(no.as_str().len(), 22);
        assert_eq!(OrderNo::parse("PM123"), None);
        assert_eq!(OrderNo::parse("XX20260101000000123456"), None);
    }
}
