//! Real payment providers and refunds on `orders`:
//! - `pay_url`: the provider's checkout address (WeChat Pay's `code_url`),
//!   stored when the order is created so polling the order does not ask the
//!   provider again;
//! - `refund_no`: our refund number (`out_refund_no`), set once when an
//!   admin asks for a refund (a retry reuses it, so the provider refunds at
//!   most once);
//! - `refund_requested_at`, `refunded_at`;
//! - `refund_shortfall`: lingshi granted by the order that the buyer had
//!   already spent when the refund took back what was left (0 when all came
//!   back).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Orders {
    Table,
    PayUrl,
    RefundNo,
    RefundRequestedAt,
    RefundedAt,
    RefundShortfall,
}

const REFUND_NO_INDEX: &str = "idx_orders_refund_no";

fn columns() -> Vec<ColumnDef> {
    vec![
        ColumnDef::new(Orders::PayUrl).string_len(512).null().to_owned(),
        ColumnDef::new(Orders::RefundNo).string_len(64).null().to_owned(),
        ColumnDef::new(Orders::RefundRequestedAt).timestamp_with_time_zone().null().to_owned(),
        ColumnDef::new(Orders::RefundedAt).timestamp_with_time_zone().null().to_owned(),
        ColumnDef::new(Orders::RefundShortfall).big_integer().null().to_owned(),
    ]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite adds a single column per ALTER.
        for mut col in columns() {
            m.alter_table(Table::alter().table(Orders::Table).add_column(&mut col).to_owned()).await?;
        }
        m.create_index(
            Index::create().name(REFUND_NO_INDEX).table(Orders::Table).col(Orders::RefundNo).unique().to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(Index::drop().name(REFUND_NO_INDEX).table(Orders::Table).to_owned()).await?;
        for col in
            [Orders::PayUrl, Orders::RefundNo, Orders::RefundRequestedAt, Orders::RefundedAt, Orders::RefundShortfall]
        {
            m.alter_table(Table::alter().table(Orders::Table).drop_column(col).to_owned()).await?;
        }
        Ok(())
    }
}
