//! Submissions may carry an `Idempotency-Key`: one task per owner and key.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Tasks {
    Table,
    OwnerId,
    IdempotencyKey,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Tasks::Table)
                .add_column(ColumnDef::new(Tasks::IdempotencyKey).string_len(128).null())
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("uq_tasks_owner_idempotency_key")
                .table(Tasks::Table)
                .col(Tasks::OwnerId)
                .col(Tasks::IdempotencyKey)
                .unique()
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(Index::drop().name("uq_tasks_owner_idempotency_key").table(Tasks::Table).to_owned()).await?;
        m.alter_table(Table::alter().table(Tasks::Table).drop_column(Tasks::IdempotencyKey).to_owned()).await
    }
}
