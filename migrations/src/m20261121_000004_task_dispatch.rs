//! Remember where and when a task's job was handed to Redis, so a job lost
//! with Redis (a restart without persistence) can be sent again.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Tasks {
    Table,
    Queue,
    DispatchedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per ALTER TABLE.
        m.alter_table(
            Table::alter()
                .table(Tasks::Table)
                .add_column(ColumnDef::new(Tasks::Queue).string_len(255).null())
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(Tasks::Table)
                .add_column(ColumnDef::new(Tasks::DispatchedAt).timestamp_with_time_zone().null())
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(Table::alter().table(Tasks::Table).drop_column(Tasks::DispatchedAt).to_owned()).await?;
        m.alter_table(Table::alter().table(Tasks::Table).drop_column(Tasks::Queue).to_owned()).await
    }
}
