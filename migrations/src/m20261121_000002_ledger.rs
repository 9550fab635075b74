//! The lingshi ledger: an append-only list of entries per user and bucket,
//! and a cached balance per bucket kept in step in the same transactions.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum LedgerEntries {
    Table,
    Id,
    UserId,
    Bucket,
    Kind,
    Amount,
    TaskId,
    Note,
    IdempotencyKey,
    CreatedAt,
}

#[derive(DeriveIden)]
enum LedgerBalances {
    Table,
    UserId,
    Bucket,
    Balance,
    UpdatedAt,
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
                .table(LedgerEntries::Table)
                .col(ColumnDef::new(LedgerEntries::Id).big_integer().not_null().auto_increment().primary_key())
                .col(ColumnDef::new(LedgerEntries::UserId).big_integer().not_null())
                .col(ColumnDef::new(LedgerEntries::Bucket).string_len(16).not_null())
                .col(ColumnDef::new(LedgerEntries::Kind).string_len(16).not_null())
                .col(ColumnDef::new(LedgerEntries::Amount).big_integer().not_null())
                .col(ColumnDef::new(LedgerEntries::TaskId).string_len(36).null())
                .col(ColumnDef::new(LedgerEntries::Note).string_len(255).null())
                // Makes each money movement happen at most once (e.g. one
                // refund per task and bucket).
                .col(ColumnDef::new(LedgerEntries::IdempotencyKey).string_len(128).not_null().unique_key())
                .col(ColumnDef::new(LedgerEntries::CreatedAt).timestamp_with_time_zone().not_null())
                .foreign_key(
                    ForeignKey::create()
                        .from(LedgerEntries::Table, LedgerEntries::UserId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_ledger_entries_user")
                .table(LedgerEntries::Table)
                .col(LedgerEntries::UserId)
                .col(LedgerEntries::Id)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_ledger_entries_task")
                .table(LedgerEntries::Table)
                .col(LedgerEntries::TaskId)
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(LedgerBalances::Table)
                .col(ColumnDef::new(LedgerBalances::UserId).big_integer().not_null())
                .col(ColumnDef::new(LedgerBalances::Bucket).string_len(16).not_null())
                .col(ColumnDef::new(LedgerBalances::Balance).big_integer().not_null())
                .col(ColumnDef::new(LedgerBalances::UpdatedAt).timestamp_with_time_zone().not_null())
                .primary_key(Index::create().col(LedgerBalances::UserId).col(LedgerBalances::Bucket))
                .foreign_key(
                    ForeignKey::create()
                        .from(LedgerBalances::Table, LedgerBalances::UserId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .check(Expr::col(LedgerBalances::Balance).gte(0))
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(LedgerBalances::Table).to_owned()).await?;
        m.drop_table(Table::drop().table(LedgerEntries::Table).to_owned()).await?;
        Ok(())
    }
}
