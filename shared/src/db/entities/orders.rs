use sea_orm::entity::prelude::*;

/// A payment order for a plan or a top-up pack.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "orders")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub order_no: String,
    pub user_id: i64,
    pub product_id: String,
    /// plan or pack
    pub product_kind: String,
    pub name: String,
    pub amount_fen: i64,
    pub lingshi: i64,
    pub tier: Option<String>,
    pub months: i32,
    /// The original app's codes: 0 pending, 1 paid, 2 failed, 3 paying, 4/5 closed, 6 refunded.
    pub status: i16,
    pub pending_plan_user: Option<i64>,
    pub provider: String,
    pub provider_trade_no: Option<String>,
    pub expires_at: DateTimeUtc,
    pub paid_at: Option<DateTimeUtc>,
    pub closed_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// The provider's checkout address (WeChat Pay's `code_url`).
    pub pay_url: Option<String>,
    /// Our refund number (`out_refund_no`), once a refund was asked for.
    pub refund_no: Option<String>,
    pub refund_requested_at: Option<DateTimeUtc>,
    pub refunded_at: Option<DateTimeUtc>,
    /// Lingshi the buyer had already spent when the refund took back the rest.
    pub refund_shortfall: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
