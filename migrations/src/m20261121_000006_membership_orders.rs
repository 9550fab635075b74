//! Memberships (a user's paid plan periods), payment orders, and the nonces
//! of payment notifications already seen (replay protection).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Memberships {
    Table,
    Id,
    UserId,
    Tier,
    StartsAt,
    EndsAt,
    /// Set once the plan's end has been processed (its remaining plan
    /// lingshi expired); an open row is the user's current plan.
    ClosedAt,
    OrderNo,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Orders {
    Table,
    Id,
    OrderNo,
    UserId,
    ProductId,
    ProductKind,
    Name,
    AmountFen,
    Lingshi,
    Tier,
    Months,
    Status,
    /// The user's id while this is an unpaid plan order, NULL otherwise:
    /// its unique index allows one pending plan order per user, race-free
    /// on SQLite and PostgreSQL alike (NULLs never collide).
    PendingPlanUser,
    Provider,
    ProviderTradeNo,
    ExpiresAt,
    PaidAt,
    ClosedAt,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum PaymentNonces {
    Table,
    Nonce,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Memberships::Table)
                .col(ColumnDef::new(Memberships::Id).big_integer().not_null().auto_increment().primary_key())
                .col(ColumnDef::new(Memberships::UserId).big_integer().not_null())
                .col(ColumnDef::new(Memberships::Tier).string_len(16).not_null())
                .col(ColumnDef::new(Memberships::StartsAt).timestamp_with_time_zone().not_null())
                .col(ColumnDef::new(Memberships::EndsAt).timestamp_with_time_zone().not_null())
                .col(ColumnDef::new(Memberships::ClosedAt).timestamp_with_time_zone().null())
                .col(ColumnDef::new(Memberships::OrderNo).string_len(40).null())
                .col(ColumnDef::new(Memberships::CreatedAt).timestamp_with_time_zone().not_null())
                .col(ColumnDef::new(Memberships::UpdatedAt).timestamp_with_time_zone().not_null())
                .foreign_key(
                    ForeignKey::create()
                        .from(Memberships::Table, Memberships::UserId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_memberships_user")
                .table(Memberships::Table)
                .col(Memberships::UserId)
                .col(Memberships::ClosedAt)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_memberships_open")
                .table(Memberships::Table)
                .col(Memberships::ClosedAt)
                .col(Memberships::EndsAt)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Orders::Table)
                .col(ColumnDef::new(Orders::Id).big_integer().not_null().auto_increment().primary_key())
                .col(ColumnDef::new(Orders::OrderNo).string_len(40).not_null().unique_key())
                .col(ColumnDef::new(Orders::UserId).big_integer().not_null())
                .col(ColumnDef::new(Orders::ProductId).string_len(64).not_null())
                .col(ColumnDef::new(Orders::ProductKind).string_len(16).not_null())
                .col(ColumnDef::new(Orders::Name).string_len(128).not_null())
                .col(ColumnDef::new(Orders::AmountFen).big_integer().not_null())
                .col(ColumnDef::new(Orders::Lingshi).big_integer().not_null())
                .col(ColumnDef::new(Orders::Tier).string_len(16).null())
                .col(ColumnDef::new(Orders::Months).integer().not_null())
                .col(ColumnDef::new(Orders::Status).small_integer().not_null())
                .col(ColumnDef::new(Orders::PendingPlanUser).big_integer().null().unique_key())
                .col(ColumnDef::new(Orders::Provider).string_len(32).not_null())
                .col(ColumnDef::new(Orders::ProviderTradeNo).string_len(128).null())
                .col(ColumnDef::new(Orders::ExpiresAt).timestamp_with_time_zone().not_null())
                .col(ColumnDef::new(Orders::PaidAt).timestamp_with_time_zone().null())
                .col(ColumnDef::new(Orders::ClosedAt).timestamp_with_time_zone().null())
                .col(ColumnDef::new(Orders::CreatedAt).timestamp_with_time_zone().not_null())
                .col(ColumnDef::new(Orders::UpdatedAt).timestamp_with_time_zone().not_null())
                .foreign_key(
                    ForeignKey::create()
                        .from(Orders::Table, Orders::UserId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .check(Expr::col(Orders::AmountFen).gte(0))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create().name("idx_orders_user").table(Orders::Table).col(Orders::UserId).col(Orders::Id).to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_orders_status_expiry")
                .table(Orders::Table)
                .col(Orders::Status)
                .col(Orders::ExpiresAt)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(PaymentNonces::Table)
                .col(ColumnDef::new(PaymentNonces::Nonce).string_len(64).not_null().primary_key())
                .col(ColumnDef::new(PaymentNonces::CreatedAt).timestamp_with_time_zone().not_null())
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_payment_nonces_created")
                .table(PaymentNonces::Table)
                .col(PaymentNonces::CreatedAt)
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(PaymentNonces::Table).to_owned()).await?;
        m.drop_table(Table::drop().table(Orders::Table).to_owned()).await?;
        m.drop_table(Table::drop().table(Memberships::Table).to_owned()).await?;
        Ok(())
    }
}
